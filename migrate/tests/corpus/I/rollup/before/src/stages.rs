//! A registry of named pools, one per pipeline stage.

use crate::error::{Result, RollupError};
use std::any::Any;
use std::collections::HashMap;
use std::sync::Arc;
use workerpool::{Pool, Worker};

#[derive(Default)]
pub struct Stages {
    pools: HashMap<&'static str, Arc<Pool>>,
    workers: HashMap<&'static str, Worker>,
}

impl Stages {
    pub fn new() -> Stages {
        Stages::default()
    }

    /// Registers a stage with `threads` instances of `worker`.
    pub fn add(&mut self, name: &'static str, queue: usize, worker: Worker, threads: usize) -> Result<Arc<Pool>> {
        let pool = Arc::new(Pool::new(queue));
        for _ in 0..threads {
            pool.add_worker(&worker)?;
        }
        self.pools.insert(name, Arc::clone(&pool));
        self.workers.insert(name, worker);
        Ok(pool)
    }

    pub fn stage(&self, name: &str) -> Result<&Arc<Pool>> {
        self.pools.get(name).ok_or_else(|| RollupError::NoStage(name.to_string()))
    }

    /// Hands `job` to the stage called `name`.
    pub fn feed<J: Any + Send>(&self, name: &str, job: J) -> Result<()> {
        self.stage(name)?.delegate(job)?;
        Ok(())
    }

    /// Sets the number of threads of a stage.
    pub fn scale(&self, name: &str, threads: usize) -> Result<()> {
        let pool = self.stage(name)?;
        let worker = &self.workers[name];
        while pool.workers_num() < threads {
            pool.add_worker(worker)?;
        }
        while pool.workers_num() > threads {
            pool.remove_worker(worker)?;
        }
        Ok(())
    }

    /// `name=threads` for every stage, sorted by name.
    pub fn describe(&self) -> String {
        let mut names: Vec<_> = self.pools.keys().copied().collect();
        names.sort();
        names
            .iter()
            .map(|n| format!("{n}={}", self.pools[n].workers_num()))
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn stop_all(&self) {
        for pool in self.pools.values() {
            pool.stop();
        }
    }
}
