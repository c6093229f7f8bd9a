//! Starts the pool.
use std::sync::mpsc::{channel, Receiver};
use workerpool::Pool;

/// Starts a pool with one worker that adds one.
pub fn start() -> (Pool<u64>, Receiver<u64>) {
    let pool = Pool::<u64>::new(4);
    let (tx, rx) = channel();
    let w = move |n: u64| tx.send(n + 1).unwrap();
    pool.add_worker(w);
    (pool, rx)
}
