//! A helper that runs a body with a pool of the caller's worker.
use workerpool::{Error, Pool, Worker};

/// Runs `body` with a pool of `threads` instances of `worker`, then stops the pool.
pub fn with_pool<R>(worker: &Worker, threads: usize, body: impl FnOnce(&Pool) -> R) -> Result<R, Error> {
    let pool = Pool::new(8);
    for _ in 0..threads {
        pool.add_worker(worker)?;
    }
    let out = body(&pool);
    pool.stop();
    Ok(out)
}
