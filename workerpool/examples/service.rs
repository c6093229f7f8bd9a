//! A service that drains its queue and shuts down on SIGINT or SIGTERM (Ctrl-C,
//! `systemctl stop`, `docker stop`): it takes no more emails, sends the ones queued, lets
//! the workers exit, and keeps the email it could not queue for the next start.
//!
//! `cargo run --example service` runs until Ctrl-C. With `--self-test` it sends itself
//! SIGTERM after 100 emails, as CI runs it.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::Duration;

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use workerpool::Pool;

struct Email {
    id: u64,
}

/// Sends one email: here it takes a millisecond, as a mail server's answer would take longer.
fn send(_email: Email, sent: &AtomicU64) {
    thread::sleep(Duration::from_millis(1));
    sent.fetch_add(1, Ordering::Relaxed);
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let self_test = std::env::args().any(|arg| arg == "--self-test");
    let sent = Arc::new(AtomicU64::new(0));
    let pool = Arc::new(Pool::new(32));
    for _ in 0..4 {
        let sent = Arc::clone(&sent);
        pool.add_worker(move |email: Email| send(email, &sent));
    }

    // A signal handler may do almost nothing, so signal-hook hands the signal to this
    // ordinary thread, which stops the pool: no more emails are taken, the queue is sent,
    // the workers exit.
    let mut signals = Signals::new([SIGINT, SIGTERM])?;
    let signals_handle = signals.handle();
    let stopper = thread::spawn({
        let pool = Arc::clone(&pool);
        move || {
            if let Some(signal) = signals.forever().next() {
                eprintln!("signal {signal}: sending what is queued, then exiting");
                pool.stop();
            }
        }
    });

    // The producer: emails keep coming (from a socket, a database) until the pool is stopped.
    let mut produced = 0;
    let mut unsent = Vec::new();
    for id in 0.. {
        if self_test && id == 100 {
            signal_hook::low_level::raise(SIGTERM)?; // as if someone pressed Ctrl-C
        }
        produced += 1;
        if let Err(e) = pool.delegate(Email { id }) {
            // Only a stopped pool refuses: keep the email, and stop producing.
            unsent.push(e.into_job());
            break;
        }
    }

    pool.stop(); // waits for the stopper's `stop` to finish; every queued email is sent
    signals_handle.close();
    stopper.join().expect("the stopper thread does not panic");
    println!(
        "produced {produced}, sent {}, kept {} for the next start (email {})",
        sent.load(Ordering::Relaxed),
        unsent.len(),
        unsent.first().map_or(0, |email| email.id)
    );
    Ok(())
}
