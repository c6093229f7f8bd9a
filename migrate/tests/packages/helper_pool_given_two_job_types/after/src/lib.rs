//! A helper that runs a body with a pool of the caller's worker.
use workerpool::{Error, Pool, SharedWorker};

/// Runs `body` with a pool of `threads` instances of `worker`, then stops the pool.
pub fn with_pool<R, J: Send + 'static>(worker: &SharedWorker<J>, threads: usize, body: impl FnOnce(&Pool<J>) -> R) -> Result<R, Error> {
    let pool = Pool::<J>::new(8);
    for _ in 0..threads {
        pool.add_shared_worker(worker);
    }
    let out = body(&pool);
    pool.stop();
    Ok(out)
}
