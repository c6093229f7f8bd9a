use std::sync::mpsc::{self, Receiver};
use workerpool::Pool;

struct App {
    pool: Pool<u32>,
    done: Receiver<u32>,
}

fn start() -> App {
    let (tx, done) = mpsc::channel();
    let pool = Pool::<u32>::new(4);
    let w = move |n: u32| tx.send(n * 2).unwrap();
    pool.add_worker(w);
    App { pool, done }
}

fn main() {
    let app = start();
    app.pool.delegate(7u32).unwrap();
    println!("{}", app.done.recv().unwrap());
    app.pool.stop();
}
