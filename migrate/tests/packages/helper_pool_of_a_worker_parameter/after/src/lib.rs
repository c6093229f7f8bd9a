//! A helper that runs a body with a pool of the caller's worker.
use workerpool::{Error, Pool, SharedWorker};

/// Runs `body` with a pool of `threads` instances of `worker`, then stops the pool.
pub fn with_pool<R>(worker: &SharedWorker<u64>, threads: usize, body: impl FnOnce(&Pool<u64>) -> R) -> Result<R, Error> {
    let pool = Pool::<u64>::new(8);
    for _ in 0..threads {
        pool.add_shared_worker(worker);
    }
    let out = body(&pool);
    pool.stop();
    Ok(out)
}
