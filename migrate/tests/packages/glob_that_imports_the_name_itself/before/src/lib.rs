//! The root's `Worker` import; a module file globs the root but imports `Worker` itself.
use workerpool::{Pool, Worker};
mod helpers;

pub fn run() {
    let pool = Pool::new(2);
    let w = Worker::new(|n: u8| drop(n));
    pool.add_worker(&w).unwrap();
    helpers::idle();
}
