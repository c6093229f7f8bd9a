//! Names workerpool only through the library's re-exports.
use relib::{double, feed, TaskPool, TaskWorker};

fn main() {
    let pool = TaskPool::new(1);
    pool.add_worker(&TaskWorker::new(double)).unwrap();
    feed(&pool, 21);
}
