//! The root's `Worker` import; a module file globs the root but imports `Worker` itself.
use workerpool::Pool;
mod helpers;

pub fn run() {
    let pool = Pool::<u8>::new(2);
    let w = |n: u8| drop(n);
    pool.add_worker(w);
    helpers::idle();
}
