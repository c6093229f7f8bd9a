//! The result of add_worker checked with assert!, as tests do.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::new(4);
    let w = Worker::new(move |n: u32| tx.send(n + 1).unwrap());
    assert!(pool.add_worker(&w).is_ok());
    assert!(pool.add_worker(&w).is_ok(), "second worker");
    assert_eq!(pool.workers_num(), 2);
    pool.delegate(1u32).unwrap();
    println!("{}", rx.recv().unwrap());
}
