//! A pool kept in an `Option` field, reached by `match &self.pool`.
use std::sync::mpsc::{channel, Receiver};
use workerpool::Pool;

struct App {
    pool: Option<Pool<u32>>,
    results: Receiver<u32>,
}

impl App {
    fn start() -> App {
        let (tx, rx) = channel();
        let pool = Pool::<u32>::new(8);
        let w = move |n: u32| tx.send(n * 3).unwrap();
        pool.add_worker(w);
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
