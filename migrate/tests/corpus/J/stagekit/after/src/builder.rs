//! Builder for stages: name, queue length and worker count.

use workerpool::{Pool, SharedWorker};

use crate::error::StageError;
use crate::stage::Stage;

#[derive(Debug, Clone)]
pub struct StageBuilder {
    name: String,
    queue: usize,
    workers: usize,
}

impl Default for StageBuilder {
    fn default() -> Self {
        StageBuilder {
            name: "stage".to_string(),
            queue: 16,
            workers: 2,
        }
    }
}

impl StageBuilder {
    pub fn new(name: &str) -> Self {
        StageBuilder {
            name: name.to_string(),
            ..Default::default()
        }
    }

    pub fn queue(mut self, queue: usize) -> Self {
        self.queue = queue;
        self
    }

    pub fn workers(mut self, workers: usize) -> Self {
        self.workers = workers;
        self
    }

    /// Build a stage whose workers run `f` on each job.
    pub fn build<J, F>(self, f: F) -> Result<Stage<J>, StageError>
    where
        J: Send + 'static,
        F: Fn(J) + Send + Sync + 'static,
    {
        if self.workers == 0 {
            return Err(StageError::Config(format!(
                "stage {} needs at least one worker",
                self.name
            )));
        }
        let pool = Pool::<J>::new(self.queue);
        let worker = SharedWorker::new(f);
        for _ in 0..self.workers {
            pool.add_shared_worker(&worker);
        }
        Ok(Stage::from_parts(self.name, pool, worker))
    }
}
