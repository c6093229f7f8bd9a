use std::sync::mpsc;
use workerpool::Worker;

fn main() {
    let app = shared_app::start();
    let (tx, rx) = mpsc::channel();
    let w = Worker::new(move |n: u32| tx.send(n * 2).unwrap());
    app.pool.add_worker(&w).unwrap();
    app.pool.delegate(7u32).unwrap();
    println!("{}", rx.recv().unwrap());
    app.pool.stop();
}
