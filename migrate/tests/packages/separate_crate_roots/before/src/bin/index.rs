use std::sync::mpsc::{self, Receiver};
use workerpool::{Pool, Worker};

struct App {
    pool: Pool,
    done: Receiver<u32>,
}

fn start() -> App {
    let (tx, done) = mpsc::channel();
    let pool = Pool::new(4);
    let w = Worker::new(move |n: String| tx.send(n.len() as u32).unwrap());
    pool.add_worker(&w).unwrap();
    App { pool, done }
}

fn main() {
    let app = start();
    app.pool.delegate("seven".to_string()).unwrap();
    println!("{}", app.done.recv().unwrap());
    app.pool.stop();
}
