use std::sync::mpsc::{channel, Receiver};

use workerpool::Pool;

use crate::plugin::{Finding, Plugin};

/// The plugins, each with the pool that runs its jobs.
pub struct Host {
    plugins: Vec<(Box<dyn Plugin>, Pool)>,
    findings: Receiver<Finding>,
    expected: usize,
}

impl Host {
    pub fn new(plugins: Vec<Box<dyn Plugin>>) -> Result<Host, workerpool::Error> {
        let (tx, rx) = channel();
        let mut with_pools = Vec::new();
        for plugin in plugins {
            let pool = Pool::new(32);
            let worker = plugin.worker(tx.clone());
            for _ in 0..plugin.threads() {
                pool.add_worker(&worker)?;
            }
            with_pools.push((plugin, pool));
        }
        Ok(Host { plugins: with_pools, findings: rx, expected: 0 })
    }

    pub fn describe(&self) -> Vec<String> {
        self.plugins
            .iter()
            .map(|(p, pool)| format!("{} ({} workers)", p.name(), pool.workers_num()))
            .collect()
    }

    pub fn analyse(&mut self, doc: &str, text: &str) -> Result<(), workerpool::Error> {
        for (plugin, pool) in &self.plugins {
            self.expected += plugin.schedule(pool, doc, text)?;
        }
        Ok(())
    }

    /// Every finding so far, sorted.
    pub fn report(&mut self) -> Vec<Finding> {
        let mut all: Vec<Finding> = self.findings.iter().take(self.expected).collect();
        self.expected = 0;
        all.sort();
        all
    }
}
