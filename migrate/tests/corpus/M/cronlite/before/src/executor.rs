use std::sync::Arc;

use workerpool::{Pool, Worker};

/// A unit of work for the executor.
pub type Task = Box<dyn FnOnce() + Send + 'static>;

/// Runs boxed tasks on a fixed set of threads. Cheap to clone; the clones share the pool.
#[derive(Clone)]
pub struct Executor {
    pool: Arc<Pool>,
    runner: Worker,
}

impl Executor {
    pub fn new(threads: usize) -> anyhow::Result<Executor> {
        let pool = Arc::new(Pool::new(threads * 8));
        let runner = Worker::new(|task: Task| task());
        for _ in 0..threads {
            pool.add_worker(&runner)?;
        }
        Ok(Executor { pool, runner })
    }

    /// Queues `f`. The closure is boxed here, as the worker expects a `Task`.
    pub fn spawn<F>(&self, f: F) -> Result<(), workerpool::Error>
    where
        F: FnOnce() + Send + 'static,
    {
        let task: Task = Box::new(f);
        self.pool.delegate(task)
    }

    pub fn threads(&self) -> usize {
        self.pool.workers_num()
    }

    pub fn add_thread(&self) -> anyhow::Result<()> {
        self.pool.add_worker(&self.runner)?;
        Ok(())
    }

    pub fn remove_thread(&self) -> anyhow::Result<()> {
        self.pool.remove_worker(&self.runner)?;
        Ok(())
    }

    pub fn shutdown(&self) {
        self.pool.stop();
    }
}
