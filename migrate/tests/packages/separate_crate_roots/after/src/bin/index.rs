use std::sync::mpsc::{self, Receiver};
use workerpool::Pool;

struct App {
    pool: Pool<String>,
    done: Receiver<u32>,
}

fn start() -> App {
    let (tx, done) = mpsc::channel();
    let pool = Pool::<String>::new(4);
    let w = move |n: String| tx.send(n.len() as u32).unwrap();
    pool.add_worker(w);
    App { pool, done }
}

fn main() {
    let app = start();
    app.pool.delegate("seven".to_string()).unwrap();
    println!("{}", app.done.recv().unwrap());
    app.pool.stop();
}
