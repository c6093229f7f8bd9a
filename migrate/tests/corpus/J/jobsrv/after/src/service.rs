//! The service: its pool exists only between `start` and `shutdown`.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Mutex;

use workerpool::v2::{Error as PoolError, Pool, Worker};

use crate::audit;
use crate::error::ServiceError;
use crate::job::{self, Envelope, Outcome, Task};

#[derive(Debug, Clone, Copy)]
pub struct Config {
    pub workers: usize,
    pub queue: usize,
}

impl Config {
    pub const fn new(workers: usize, queue: usize) -> Self {
        Config { workers, queue }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config::new(2, 8)
    }
}

pub struct Service {
    config: Config,
    pool: Mutex<Option<Pool>>,
    worker: Worker,
    reply: Sender<Outcome>,
    outcomes: Mutex<Receiver<Outcome>>,
}

impl Service {
    pub fn new(config: Config) -> Self {
        let (reply, outcomes) = mpsc::channel();
        let worker = Worker::new(|env: Envelope| {
            let _ = env.reply.send(job::run(env.task));
        });
        Service {
            config,
            pool: Mutex::new(None),
            worker,
            reply,
            outcomes: Mutex::new(outcomes),
        }
    }

    pub fn start(&self) -> Result<(), ServiceError> {
        let mut slot = self.pool.lock().unwrap();
        if slot.is_some() {
            return Err(ServiceError::AlreadyStarted);
        }
        let pool = Pool::new(self.config.queue);
        for _ in 0..self.config.workers {
            pool.add_worker(&self.worker)?;
        }
        *slot = Some(pool);
        audit::record("start");
        Ok(())
    }

    pub fn is_running(&self) -> bool {
        self.pool
            .lock()
            .unwrap()
            .as_ref()
            .is_some_and(|p| p.workers_num() > 0)
    }

    pub fn submit(&self, task: Task) -> Result<(), ServiceError> {
        let slot = self.pool.lock().unwrap();
        let pool = slot.as_ref().ok_or(ServiceError::NotStarted)?;
        let id = task.id();
        match pool.delegate(Envelope {
            task,
            reply: self.reply.clone(),
        }) {
            Ok(()) => {
                audit::record(format!("submit {id}"));
                Ok(())
            }
            Err(PoolError::NoWorkers) => Err(ServiceError::Paused),
        }
    }

    /// Wait for `n` outcomes and return them ordered by task id.
    pub fn collect(&self, n: usize) -> Vec<Outcome> {
        let rx = self.outcomes.lock().unwrap();
        let mut out: Vec<Outcome> = rx.iter().take(n).collect();
        out.sort();
        out
    }

    /// Stop the workers but keep the pool, so `resume` can bring them back.
    pub fn pause(&self) {
        if let Some(pool) = self.pool.lock().unwrap().as_ref() {
            pool.stop();
            audit::record("pause");
        }
    }

    pub fn resume(&self) -> Result<(), ServiceError> {
        let slot = self.pool.lock().unwrap();
        let pool = slot.as_ref().ok_or(ServiceError::NotStarted)?;
        while pool.workers_num() < self.config.workers {
            pool.add_worker(&self.worker)?;
        }
        audit::record("resume");
        Ok(())
    }

    /// Tear the pool down; returns how many workers were running.
    pub fn shutdown(&self) -> usize {
        match self.pool.lock().unwrap().take() {
            Some(pool) => {
                let n = pool.workers_num();
                pool.stop();
                audit::record("shutdown");
                n
            }
            None => 0,
        }
    }
}
