//! The hub: a pool and a checker per sensor kind, verdicts collected on one channel.

use std::collections::HashMap;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};

use workerpool::{Pool, SharedWorker};

use crate::error::HubError;
use crate::handlers::{checker, Limits};
use crate::reading::{Reading, Verdict};
use crate::sink::Sink;

pub struct Hub {
    pools: HashMap<String, Arc<Pool<Reading>>>,
    checkers: HashMap<String, SharedWorker<Reading>>,
    verdicts_tx: Sender<Verdict>,
    verdicts: Mutex<Receiver<Verdict>>,
}

impl Default for Hub {
    fn default() -> Self {
        Hub::new()
    }
}

impl Hub {
    pub fn new() -> Hub {
        let (verdicts_tx, verdicts) = mpsc::channel();
        Hub {
            pools: HashMap::new(),
            checkers: HashMap::new(),
            verdicts_tx,
            verdicts: Mutex::new(verdicts),
        }
    }

    /// Starts a pool of `threads` checkers for `kind`.
    pub fn register(&mut self, kind: &str, limits: Limits, threads: usize) -> Result<(), HubError> {
        let pool = Arc::new(Pool::<Reading>::new(16));
        let worker = SharedWorker::new(checker(limits, self.verdicts_tx.clone()));
        for _ in 0..threads {
            pool.add_shared_worker(&worker);
        }
        self.pools.insert(kind.to_string(), pool);
        self.checkers.insert(kind.to_string(), worker);
        Ok(())
    }

    /// The pool for `kind`, to push into directly.
    pub fn pool(&self, kind: &str) -> Option<Arc<Pool<Reading>>> {
        self.pools.get(kind).cloned()
    }

    /// Takes one checker away from `kind`'s pool.
    pub fn shrink(&self, kind: &str) -> Result<usize, HubError> {
        let pool = self.pools.get(kind).ok_or_else(|| HubError::UnknownKind(kind.into()))?;
        pool.remove_shared_worker(&self.checkers[kind]);
        Ok(pool.workers())
    }

    /// Stops `kind`'s pool and forgets it.
    pub fn retire(&mut self, kind: &str) -> Result<(), HubError> {
        let pool = self
            .pools
            .remove(kind)
            .ok_or_else(|| HubError::UnknownKind(kind.into()))?;
        self.checkers.remove(kind);
        pool.stop();
        Ok(())
    }

    pub fn threads(&self) -> Vec<(String, usize)> {
        let mut all: Vec<_> = self
            .pools
            .iter()
            .map(|(kind, pool)| (kind.clone(), pool.workers()))
            .collect();
        all.sort();
        all
    }

    /// Waits for `n` verdicts and returns them sorted by sequence number.
    pub fn collect(&self, n: usize) -> Vec<Verdict> {
        let verdicts = self.verdicts.lock().unwrap();
        let mut got: Vec<Verdict> = verdicts.iter().take(n).collect();
        got.sort();
        got
    }
}

impl Sink for Hub {
    fn push(&self, reading: Reading) -> Result<(), HubError> {
        let pool = self
            .pools
            .get(&reading.kind)
            .ok_or_else(|| HubError::UnknownKind(reading.kind.clone()))?;
        pool.push(reading)
    }
}
