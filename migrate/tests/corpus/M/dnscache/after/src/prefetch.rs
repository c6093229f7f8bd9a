use std::sync::mpsc::{self, Sender};
use std::sync::Arc;

use workerpool::{Error, Pool};

use crate::cache::Cache;
use crate::resolver::lookup_many;

/// A batch of names to warm, and where to report how many were cached.
type WarmJob = (Vec<String>, Sender<usize>);

/// Builds the pool that warms caches: `threads` instances of one worker, which
/// resolves its batch through the shared resolver pool and fills `cache`.
pub fn prefetch_pool(threads: usize, cache: Arc<Cache>) -> Result<Pool<WarmJob>, Error> {
    let pool = Pool::<WarmJob>::new(threads);
    let warm = move |(batch, done): WarmJob| {
        let cached = match lookup_many(batch) {
            Ok(answers) => {
                let n = answers.len();
                answers.into_iter().for_each(|a| cache.insert(a));
                n
            }
            Err(_) => 0,
        };
        let _ = done.send(cached);
    };
    for _ in 0..threads {
        pool.add_worker(warm.clone());
    }
    Ok(pool)
}

pub struct Prefetcher {
    pool: Pool<WarmJob>,
    batch: usize,
}

impl Prefetcher {
    pub fn new(threads: usize, batch: usize, cache: Arc<Cache>) -> Result<Prefetcher, Error> {
        Ok(Prefetcher { pool: prefetch_pool(threads, cache)?, batch: batch.max(1) })
    }

    /// Warms the cache with `names`, returns how many entries were stored.
    pub fn warm(&self, names: &[&str]) -> Result<usize, Error> {
        let (done, finished) = mpsc::channel::<usize>();
        let mut jobs = 0;
        for chunk in names.chunks(self.batch) {
            let batch: Vec<String> = chunk.iter().map(|s| s.to_string()).collect();
            self.pool.delegate((batch, done.clone()))?;
            jobs += 1;
        }
        Ok(finished.iter().take(jobs).sum())
    }

    pub fn finish(self) {
        self.pool.stop();
    }
}
