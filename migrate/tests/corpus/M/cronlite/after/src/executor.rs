use std::sync::Arc;

use workerpool::{Pool, SharedWorker};

/// A unit of work for the executor.
pub type Task = Box<dyn FnOnce() + Send + 'static>;

/// Runs boxed tasks on a fixed set of threads. Cheap to clone; the clones share the pool.
#[derive(Clone)]
pub struct Executor {
    pool: Arc<Pool<Task>>,
    runner: SharedWorker<Task>,
}

impl Executor {
    pub fn new(threads: usize) -> anyhow::Result<Executor> {
        let pool = Arc::new(Pool::<Task>::new(threads * 8));
        let runner = SharedWorker::new(|task: Task| task());
        for _ in 0..threads {
            pool.add_shared_worker(&runner);
        }
        Ok(Executor { pool, runner })
    }

    /// Queues `f`. The closure is boxed here, as the worker expects a `Task`.
    pub fn spawn<F>(&self, f: F) -> Result<(), workerpool::Error>
    where
        F: FnOnce() + Send + 'static,
    {
        let task: Task = Box::new(f);
        self.pool.delegate(task)?;
        Ok(())
    }

    pub fn threads(&self) -> usize {
        self.pool.workers()
    }

    pub fn add_thread(&self) -> anyhow::Result<()> {
        self.pool.add_shared_worker(&self.runner);
        Ok(())
    }

    pub fn remove_thread(&self) -> anyhow::Result<()> {
        self.pool.remove_shared_worker(&self.runner);
        Ok(())
    }

    pub fn shutdown(&self) {
        self.pool.stop();
    }
}
