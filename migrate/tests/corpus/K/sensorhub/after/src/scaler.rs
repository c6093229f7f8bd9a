//! Resizes one lane from anywhere: it keeps the lane's pool and a clone of its worker.
use std::sync::Arc;
use workerpool::{Pool, SharedWorker};

#[derive(Clone)]
pub struct Scaler {
    pub(crate) lane: String,
    pub(crate) pool: Arc<Pool<crate::reading::Reading>>,
    pub(crate) worker: SharedWorker<crate::reading::Reading>,
}

impl Scaler {
    pub fn lane(&self) -> &str {
        &self.lane
    }

    pub fn current(&self) -> usize {
        self.pool.workers()
    }

    /// Adds or removes instances of the lane's worker until `n` run.
    pub fn scale_to(&self, n: usize) -> Result<usize, workerpool::Error> {
        let mut changed = 0;
        while self.pool.workers() < n {
            self.pool.add_shared_worker(&self.worker);
            changed += 1;
        }
        while self.pool.workers() > n {
            self.pool.remove_shared_worker(&self.worker);
            changed += 1;
        }
        Ok(changed)
    }
}
