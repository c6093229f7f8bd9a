//! The root's `Worker` import, named by a module file through `use crate::*`.
use workerpool::{Pool, Worker};
mod helpers;

pub fn run() {
    let pool = Pool::new(2);
    let w = Worker::new(|n: u8| drop(n));
    pool.add_worker(&w).unwrap();
    pool.delegate(1u8).unwrap();
}
