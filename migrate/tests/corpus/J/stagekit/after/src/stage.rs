//! A stage: a pool plus the one worker function that runs its jobs.

use std::marker::PhantomData;

use workerpool::{Pool, SharedWorker};

use crate::error::StageError;

/// A pool that only ever receives jobs of type `J`.
///
/// The pool itself takes any job; the type parameter keeps callers honest,
/// since a job of another type would kill the worker thread that picks it up.
pub struct Stage<J> {
    name: String,
    pool: Pool<J>,
    worker: SharedWorker<J>,
    _job: PhantomData<fn(J)>,
}

impl<J> Stage<J>
where
    J: Send + 'static,
{
    pub(crate) fn from_parts(name: String, pool: Pool<J>, worker: SharedWorker<J>) -> Self {
        Stage {
            name,
            pool,
            worker,
            _job: PhantomData,
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Queue one job.
    pub fn submit(&self, job: J) -> Result<(), StageError> {
        self.pool.delegate(job).map_err(workerpool::Error::from)?;
        Ok(())
    }

    /// Queue every job of `jobs`, returning how many were queued.
    pub fn submit_all<I>(&self, jobs: I) -> Result<usize, StageError>
    where
        I: IntoIterator<Item = J>,
    {
        let mut n = 0;
        for job in jobs {
            self.submit(job)?;
            n += 1;
        }
        Ok(n)
    }

    pub fn workers(&self) -> usize {
        self.pool.workers()
    }

    /// Grow or shrink the stage to `target` workers.
    pub fn resize(&self, target: usize) -> Result<(), StageError> {
        while self.pool.workers() < target {
            self.pool.add_shared_worker(&self.worker);
        }
        while self.pool.workers() > target {
            self.pool.remove_shared_worker(&self.worker);
        }
        Ok(())
    }

    /// Stop every worker; the stage takes no more jobs until resized again.
    pub fn halt(&self) {
        self.pool.stop();
    }
}
