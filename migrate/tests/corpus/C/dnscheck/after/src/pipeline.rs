//! Two pools in a row: resolvers hand every answer to the checkers, once per check.

use std::sync::{Arc, Mutex};

use workerpool::Pool;

use crate::checks::{Check, Finding};
use crate::sync::Countdown;
use crate::zone::{Answer, Zone};
use crate::BoxResult;

/// A check to run on an answer: the checkers' job.
type CheckJob = (Arc<dyn Check>, Arc<Answer>);

#[derive(Debug, Clone, Copy)]
pub struct PipelineConfig {
    pub resolvers: usize,
    pub checkers: usize,
}

impl Default for PipelineConfig {
    fn default() -> Self {
        PipelineConfig {
            resolvers: 2,
            checkers: 2,
        }
    }
}

pub struct Pipeline {
    resolvers: Pool<String>,
    checkers: Arc<Pool<CheckJob>>,
    findings: Arc<Mutex<Vec<Finding>>>,
    pending: Arc<Countdown>,
    resolved: Arc<Mutex<usize>>,
}

impl Pipeline {
    pub fn new(
        zone: Zone,
        checks: Vec<Arc<dyn Check>>,
        config: PipelineConfig,
    ) -> BoxResult<Pipeline> {
        let findings = Arc::new(Mutex::new(Vec::new()));
        let pending = Arc::new(Countdown::default());
        let resolved = Arc::new(Mutex::new(0));

        let checkers = Arc::new(Pool::<CheckJob>::new(64));
        let checker = {
            let findings = Arc::clone(&findings);
            let pending = Arc::clone(&pending);
            move |(check, answer): CheckJob| {
                if let Some((severity, detail)) = check.run(&answer) {
                    findings.lock().unwrap().push(Finding {
                        name: answer.name.clone(),
                        severity,
                        check: check.name(),
                        detail,
                    });
                }
                pending.done();
            }
        };
        for _ in 0..config.checkers {
            checkers.add_worker(checker.clone());
        }

        let resolvers = Pool::<String>::new(16);
        let resolver = {
            let checkers = Arc::clone(&checkers);
            let pending = Arc::clone(&pending);
            let resolved = Arc::clone(&resolved);
            let zone = Arc::new(zone);
            std::sync::Arc::new(move |name: String| {
                let answer = Arc::new(zone.resolve(&name));
                *resolved.lock().unwrap() += 1;
                pending.add(checks.len());
                for check in &checks {
                    checkers
                        .delegate((Arc::clone(check), Arc::clone(&answer)))
                        .expect("the checker pool outlives the resolvers");
                }
                pending.done();
            })
        };
        for _ in 0..config.resolvers {
            resolvers.add_worker({ let resolver = std::sync::Arc::clone(&resolver); move |job| resolver(job) });
        }
        Ok(Pipeline {
            resolvers,
            checkers,
            findings,
            pending,
            resolved,
        })
    }

    /// Resolves and checks every name; returns the findings so far, sorted.
    pub fn run<I, S>(&self, names: I) -> BoxResult<Vec<Finding>>
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        for name in names {
            self.pending.add(1);
            self.resolvers.delegate(name.into())?;
        }
        self.pending.wait();
        let mut all = self.findings.lock().unwrap().clone();
        all.sort();
        Ok(all)
    }

    pub fn resolved(&self) -> usize {
        *self.resolved.lock().unwrap()
    }

    /// (resolver threads, checker threads)
    pub fn threads(&self) -> (usize, usize) {
        (self.resolvers.workers(), self.checkers.workers())
    }
}

impl Drop for Pipeline {
    fn drop(&mut self) {
        self.pending.wait();
        self.resolvers.stop();
        self.checkers.stop();
    }
}
