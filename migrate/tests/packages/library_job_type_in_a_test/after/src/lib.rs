//! Orders go to clerks through a pool the caller owns.

pub mod orders;

use std::sync::mpsc::Sender;

use workerpool::{Pool, SharedWorker};

/// Queues one order per id.
pub fn feed(pool: &Pool<orders::Order>, ids: &[u32]) {
    for &id in ids {
        pool.delegate(orders::Order { id }).unwrap();
    }
}

/// A clerk that reports the id of each order it takes.
pub fn clerk(done: Sender<u32>) -> SharedWorker<orders::Order> {
    SharedWorker::new(move |order: orders::Order| done.send(order.id).unwrap())
}
