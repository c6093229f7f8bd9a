//! Small helpers around workerpool used by the binaries.
use std::any::Any;
use workerpool::{Error, Pool, SharedWorker};

/// Queues every job of `jobs`; returns how many were queued.
pub fn fan_out<J, I>(pool: &Pool<J>, jobs: I) -> Result<usize, Error>
where
    J: Any + Send,
    I: IntoIterator<Item = J>,
{
    let mut n = 0;
    for job in jobs {
        pool.delegate(job)?;
        n += 1;
    }
    Ok(n)
}

/// Runs `body` with a pool of `threads` instances of `worker`, then stops the pool.
///
/// `stop` leaves queued jobs unrun, so `body` must wait for the results it needs before it returns.
pub fn with_pool<R, J: Send + 'static>(queue: usize, worker: &SharedWorker<J>, threads: usize, body: impl FnOnce(&Pool<J>) -> R) -> Result<R, Error> {
    let pool = Pool::<J>::new(queue);
    for _ in 0..threads {
        pool.add_shared_worker(worker);
    }
    let out = body(&pool);
    pool.stop();
    Ok(out)
}
