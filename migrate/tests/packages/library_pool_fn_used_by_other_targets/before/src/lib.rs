//! Shared pools for the binaries.
use std::sync::mpsc::Sender;
use workerpool::{Pool, Worker};

/// Makes a pool whose worker adds one and sends the result.
pub fn make_pool(tx: Sender<u32>) -> Pool {
    let pool = Pool::new(4);
    pool.add_worker(&Worker::new(move |n: u32| tx.send(n + 1).unwrap())).unwrap();
    pool
}

