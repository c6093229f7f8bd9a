//! Names workerpool only through the library's re-exports.
use relib::{double, feed, TaskPool};

fn main() {
    let pool = TaskPool::<u64>::new(1);
    pool.add_worker(double);
    feed(&pool, 21);
}
