//! A pool kept in an `Option` field, reached by `match &self.pool`.
use std::sync::mpsc::{channel, Receiver};
use workerpool::{Pool, Worker};

struct App {
    pool: Option<Pool>,
    results: Receiver<u32>,
}

impl App {
    fn start() -> App {
        let (tx, rx) = channel();
        let pool = Pool::new(8);
        let w = Worker::new(move |n: u32| tx.send(n * 3).unwrap());
        pool.add_worker(&w).unwrap();
        App { pool: Some(pool), results: rx }
    }

    fn send(&self, n: u32) -> bool {
        match &self.pool {
            Some(p) => p.delegate(n).is_ok(),
            None => false,
        }
    }

    fn shutdown(&mut self) {
        self.pool = None;
    }
}

fn main() {
    let mut app = App::start();
    let sent = (1..=4).filter(|n| app.send(*n)).count();
    let total: u32 = app.results.iter().take(sent).sum();
    app.shutdown();
    println!("sent {sent}, total {total}, accepted after shutdown: {}", app.send(9));
}
