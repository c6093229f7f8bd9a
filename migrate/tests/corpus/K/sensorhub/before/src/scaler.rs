//! Resizes one lane from anywhere: it keeps the lane's pool and a clone of its worker.
use std::sync::Arc;
use workerpool::{Pool, Worker};

#[derive(Clone)]
pub struct Scaler {
    pub(crate) lane: String,
    pub(crate) pool: Arc<Pool>,
    pub(crate) worker: Worker,
}

impl Scaler {
    pub fn lane(&self) -> &str {
        &self.lane
    }

    pub fn current(&self) -> usize {
        self.pool.workers_num()
    }

    /// Adds or removes instances of the lane's worker until `n` run.
    pub fn scale_to(&self, n: usize) -> Result<usize, workerpool::Error> {
        let mut changed = 0;
        while self.pool.workers_num() < n {
            self.pool.add_worker(&self.worker)?;
            changed += 1;
        }
        while self.pool.workers_num() > n {
            self.pool.remove_worker(&self.worker)?;
            changed += 1;
        }
        Ok(changed)
    }
}
