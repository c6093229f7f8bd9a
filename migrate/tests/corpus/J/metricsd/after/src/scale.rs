//! Keeps the number of aggregation workers in line with the backlog.

use std::sync::Arc;

use workerpool::{Pool, SharedWorker};

pub struct Scaler {
    pool: Arc<Pool<crate::metric::Metric>>,
    worker: SharedWorker<crate::metric::Metric>,
    min: usize,
    max: usize,
    per_worker: usize,
}

impl Scaler {
    pub fn new(pool: Arc<Pool<crate::metric::Metric>>, worker: SharedWorker<crate::metric::Metric>, min: usize, max: usize) -> Self {
        Scaler {
            pool,
            worker,
            min,
            max,
            per_worker: 10,
        }
    }

    pub fn target(&self, backlog: usize) -> usize {
        (backlog / self.per_worker + 1).clamp(self.min, self.max)
    }

    /// Add or remove instances of the kept worker until the pool runs `target(backlog)`.
    pub fn adjust(&self, backlog: usize) -> Result<usize, workerpool::Error> {
        let want = self.target(backlog);
        while self.pool.workers() < want {
            self.pool.add_shared_worker(&self.worker);
        }
        while self.pool.workers() > want {
            self.pool.remove_shared_worker(&self.worker);
        }
        Ok(self.pool.workers())
    }
}
