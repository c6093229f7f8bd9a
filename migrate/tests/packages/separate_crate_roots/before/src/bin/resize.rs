use std::sync::mpsc::{self, Receiver};
use workerpool::{Pool, Worker};

struct App {
    pool: Pool,
    done: Receiver<u32>,
}

fn start() -> App {
    let (tx, done) = mpsc::channel();
    let pool = Pool::new(4);
    let w = Worker::new(move |n: u32| tx.send(n * 2).unwrap());
    pool.add_worker(&w).unwrap();
    App { pool, done }
}

fn main() {
    let app = start();
    app.pool.delegate(7u32).unwrap();
    println!("{}", app.done.recv().unwrap());
    app.pool.stop();
}
