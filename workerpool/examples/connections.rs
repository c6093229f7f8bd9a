//! A worker per connection, each with its own state; workers removed when their connection
//! goes away, and each one's state handed back when it leaves.
//!
//! The "connections" are to three mail servers; a channel stands in for each socket, so the
//! example runs anywhere. `cargo run --example connections`

use std::collections::BTreeMap;
use std::sync::mpsc;

use workerpool::{Pool, WorkerHandle};

struct Email {
    id: u32,
}

/// A connection to one mail server: the worker's own state, touched by no other thread.
struct Connection {
    server: &'static str,
    socket: mpsc::Sender<(&'static str, u32)>,
    sent: u32,
}

impl Connection {
    fn connect(server: &'static str, socket: mpsc::Sender<(&'static str, u32)>) -> Self {
        Connection {
            server,
            socket,
            sent: 0,
        }
    }

    fn send(&mut self, email: Email) {
        self.socket.send((self.server, email.id)).unwrap();
        self.sent += 1;
    }
}

/// Owns a worker's connection; when the pool drops the worker's function (the worker was
/// removed and has exited, or the pool stopped), sends the connection back.
struct HandsBack {
    connection: Option<Connection>,
    back: mpsc::Sender<Connection>,
}

impl Drop for HandsBack {
    fn drop(&mut self) {
        if let Some(connection) = self.connection.take() {
            let _ = self.back.send(connection);
        }
    }
}

fn main() -> Result<(), workerpool::Error> {
    let pool = Pool::new(16);
    let (socket, wire) = mpsc::channel();
    let (back, returned) = mpsc::channel();

    let mut workers: BTreeMap<&str, WorkerHandle> = BTreeMap::new();
    for server in ["mx1", "mx2", "mx3"] {
        let mut own = HandsBack {
            connection: Some(Connection::connect(server, socket.clone())),
            back: back.clone(),
        };
        let worker = pool.add_worker(move |email: Email| {
            own.connection
                .as_mut()
                .expect("taken only when dropped")
                .send(email);
        });
        workers.insert(server, worker);
    }
    drop(socket);
    drop(back);

    for id in 0..30 {
        pool.delegate(Email { id })?;
    }
    pool.wait_idle(); // the first 30 are sent, by whichever connections took them

    // mx2 goes away: its worker finishes the email it is sending, then exits.
    let gone = workers.remove("mx2").expect("mx2 has a worker");
    gone.remove();
    gone.join(); // its function is dropped: the connection is back
    let mx2 = returned.recv().expect("mx2's connection comes back");
    println!("{} left after sending {} emails", mx2.server, mx2.sent);

    for id in 30..60 {
        pool.delegate(Email { id })?;
    }
    pool.stop(); // the others send the rest, then exit, and hand their connections back

    let mut others: Vec<Connection> = returned.iter().collect();
    others.sort_by_key(|c| c.server);
    let servers: Vec<&str> = others.iter().map(|c| c.server).collect();
    let total: u32 = mx2.sent + others.iter().map(|c| c.sent).sum::<u32>();
    let after: Vec<u32> = wire
        .try_iter()
        .filter(|&(server, id)| server == "mx2" && id >= 30)
        .map(|(_, id)| id)
        .collect();
    println!("{} connections back: {servers:?}", others.len());
    println!(
        "{total} emails sent, {} through mx2 after it left",
        after.len()
    );
    Ok(())
}
