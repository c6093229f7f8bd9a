use std::sync::mpsc::{channel, Receiver};
use workerpool::{Pool, Worker};

/// Starts the pool and hands back the channel its results arrive on.
fn start() -> (Pool, Receiver<String>) {
    let (tx, rx) = channel();
    let pool = Pool::new(4);
    let w = Worker::new(move |s: &'static str| tx.send(s.repeat(2)).unwrap());
    pool.add_worker(&w).unwrap();
    (pool, rx)
}

fn main() {
    let (pool, rx) = start();
    pool.delegate("ab").unwrap();
    pool.delegate("cd").unwrap();
    let mut out: Vec<String> = rx.iter().take(2).collect();
    out.sort();
    println!("{}", out.join(" "));
    pool.stop();
}
