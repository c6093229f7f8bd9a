//! A stage: a named pool and the one worker function its threads run.
use crate::error::{PipeError, PipeResult};
use std::any::Any;
use workerpool::{Pool, Worker};

pub struct Stage {
    name: String,
    pool: Pool,
    worker: Worker,
}

/// Builds a stage whose workers run `f` on jobs of type `J`.
pub fn build_stage<J, F>(name: &str, threads: usize, queue: usize, f: F) -> PipeResult<Stage>
where
    J: Any + Send,
    F: Fn(J) + Send + Sync + 'static,
{
    let stage = Stage { name: name.to_string(), pool: Pool::new(queue), worker: Worker::new(f) };
    stage.resize(threads)?;
    Ok(stage)
}

impl Stage {
    pub fn name(&self) -> &str {
        &self.name
    }

    fn tag(&self, source: workerpool::Error) -> PipeError {
        PipeError::Pool { stage: self.name.clone(), source }
    }

    /// Queues one job; its type must be the one the stage was built for.
    pub fn send<J: Any + Send>(&self, job: J) -> PipeResult<()> {
        self.pool.delegate(job).map_err(|e| self.tag(e))
    }

    pub fn threads(&self) -> usize {
        self.pool.workers_num()
    }

    pub fn resize(&self, threads: usize) -> PipeResult<()> {
        while self.pool.workers_num() < threads {
            self.pool.add_worker(&self.worker).map_err(|e| self.tag(e))?;
        }
        while self.pool.workers_num() > threads {
            self.pool.remove_worker(&self.worker).map_err(|e| self.tag(e))?;
        }
        Ok(())
    }

    pub fn stop(&self) {
        self.pool.stop();
    }
}
