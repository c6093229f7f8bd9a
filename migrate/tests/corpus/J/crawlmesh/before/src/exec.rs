//! The executor types the rest of the crate uses, under crate-local names.

use std::sync::Arc;

pub use workerpool::{Error as TaskError, Pool as TaskPool, Worker as TaskWorker};

/// A pool shared between the crawler and the workers that feed it.
pub type SharedPool = Arc<TaskPool>;

/// A new, empty shared pool whose queue holds `queue` jobs.
pub fn shared(queue: usize) -> SharedPool {
    Arc::new(TaskPool::new(queue))
}

/// Start `n` instances of `worker` on `pool`.
pub fn spawn(pool: &TaskPool, worker: &TaskWorker, n: usize) -> Result<(), TaskError> {
    for _ in 0..n {
        pool.add_worker(worker)?;
    }
    Ok(())
}
