//! Starts the pool.
use std::sync::mpsc::{channel, Receiver};
use workerpool::{Pool, Worker};

/// Starts a pool with one worker that adds one.
pub fn start() -> (Pool, Receiver<u64>) {
    let pool = Pool::new(4);
    let (tx, rx) = channel();
    let w = Worker::new(move |n: u64| tx.send(n + 1).unwrap());
    pool.add_worker(&w).unwrap();
    (pool, rx)
}
