//! Shared pools for the binaries.
use std::sync::mpsc::Sender;
use workerpool::Pool;

/// Makes a pool whose worker adds one and sends the result.
pub fn make_pool(tx: Sender<u32>) -> Pool<u32> {
    let pool = Pool::<u32>::new(4);
    pool.add_worker(move |n: u32| tx.send(n + 1).unwrap());
    pool
}

