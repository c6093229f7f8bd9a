//! Worker closures returned by a function (`-> impl Fn(u64)`) and by a closure.
use std::sync::mpsc::{channel, Sender};
use workerpool::{Pool, Worker};

fn scaler(factor: u64, tx: Sender<u64>) -> impl Fn(u64) + Send + Sync + 'static {
    move |n| tx.send(n * factor).unwrap()
}

fn main() {
    let (tx, rx) = channel();
    let make = |offset: u64| {
        let tx = tx.clone();
        move |n: u64| tx.send(n + offset).unwrap()
    };
    let pool = Pool::new(8);
    pool.add_worker(&Worker::new(make(100))).unwrap();
    for n in 0..3u64 {
        pool.delegate(n).unwrap();
    }
    let a: u64 = rx.iter().take(3).sum();

    let pool2 = Pool::new(8);
    let w = Worker::new(scaler(5, tx.clone()));
    pool2.add_worker(&w).unwrap();
    pool2.delegate(7u64).unwrap();
    let b = rx.recv().unwrap();
    println!("{a} {b}");
}
