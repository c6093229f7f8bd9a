//! The root's `Worker` import, named by a module file through `use crate::*`.
use workerpool::{Pool, v2::Worker};
mod helpers;

pub fn run() {
    let pool = Pool::<u8>::new(2);
    let w = |n: u8| drop(n);
    pool.add_worker(w);
    pool.delegate(1u8).unwrap();
}
