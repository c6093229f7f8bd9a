//! Runs cases on a pool of test threads, feeding verdicts to a reporter.

use std::fmt;
use std::panic;
use std::sync::mpsc::{sync_channel, SyncSender};
use std::thread;

use crate::case::{TestCase, Verdict};
use crate::reporter::{Reporter, Summary};

type Done = (usize, Verdict);

#[derive(Debug)]
pub enum RunError {
    Pool(workerpool::Error),
    /// A test thread went away without a verdict.
    Missing(&'static str),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Pool(e) => write!(f, "test threads: {e}"),
            RunError::Missing(name) => write!(f, "no verdict for {name}"),
        }
    }
}

impl std::error::Error for RunError {}

impl From<workerpool::Error> for RunError {
    fn from(e: workerpool::Error) -> Self {
        RunError::Pool(e)
    }
}

/// Silences the default panic message while alive (cases report their own panics).
pub struct QuietPanics(());

impl QuietPanics {
    pub fn install() -> QuietPanics {
        panic::set_hook(Box::new(|_| {}));
        QuietPanics(())
    }
}

impl Drop for QuietPanics {
    fn drop(&mut self) {
        let _ = panic::take_hook();
    }
}

pub struct Runner<R: Reporter> {
    threads: usize,
    filter: Option<String>,
    pool: Option<workerpool::Pool<(usize, TestCase, SyncSender<Done>)>>,
    reporter: R,
}

impl<R: Reporter> Runner<R> {
    pub fn new(threads: usize, reporter: R) -> Self {
        Runner {
            threads: threads.max(1),
            filter: None,
            pool: None,
            reporter,
        }
    }

    /// Only cases whose name contains `pattern` run.
    pub fn filter(mut self, pattern: &str) -> Self {
        self.filter = Some(pattern.to_string());
        self
    }

    /// The test threads, started on the first run. The queue is a rendezvous: a case
    /// is handed over only when a thread is free to run it.
    fn start_threads(&mut self) -> Result<(), RunError> {
        if self.pool.is_none() {
            let pool = workerpool::Pool::<(usize, TestCase, SyncSender<Done>)>::new(0);
            let worker = |(i, case, done): (usize, TestCase, SyncSender<Done>)| {
                let _ = done.send((i, case.execute()));
            };
            for _ in 0..self.threads {
                pool.add_worker(worker);
            }
            self.pool = Some(pool);
        }
        Ok(())
    }

    pub fn run(&mut self, cases: &[TestCase]) -> Result<Summary, RunError> {
        let selected: Vec<TestCase> = cases
            .iter()
            .filter(|c| self.filter.as_deref().is_none_or(|f| c.name.contains(f)))
            .copied()
            .collect();
        let (tx, rx) = sync_channel::<Done>(selected.len());
        self.start_threads()?;
        let pool = self.pool.as_ref().expect("started above");
        let reporter = &mut self.reporter;

        let summary = thread::scope(|s| -> Result<Summary, RunError> {
            let collector = s.spawn(|| {
                let mut summary = Summary::default();
                let mut got = vec![false; selected.len()];
                for (i, verdict) in rx {
                    got[i] = true;
                    summary.add(&verdict);
                    reporter.verdict(selected[i].name, &verdict);
                }
                match got.iter().position(|g| !g) {
                    Some(i) => Err(RunError::Missing(selected[i].name)),
                    None => Ok(summary),
                }
            });
            for (i, case) in selected.iter().enumerate() {
                pool.delegate((i, *case, tx.clone())).map_err(workerpool::Error::from)?;
            }
            drop(tx);
            collector.join().expect("collector thread panicked")
        })?;
        self.reporter.finish(&summary);
        Ok(summary)
    }

    pub fn threads(&self) -> usize {
        self.pool.as_ref().map_or(0, workerpool::Pool::workers)
    }

    pub fn into_reporter(self) -> R {
        self.reporter
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reporter::CollectReporter;

    #[test]
    fn threads_start_on_first_run() {
        let mut r = Runner::new(2, CollectReporter::default());
        assert_eq!(r.threads(), 0);
        r.run(&[TestCase::new("t", || Ok(()))]).unwrap();
        assert_eq!(r.threads(), 2);
    }
}
