//! Running one stage of work on a shared pool.

use std::any::Any;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use workerpool::v2::{Pool, Worker};

use crate::error::{CrawlError, Result};

/// A step of the crawl: turns each job into one output.
pub trait Stage: Send + Sync + 'static {
    type Job: Any + Send;
    type Out: Send + 'static;
    const NAME: &'static str;

    fn run(&self, job: Self::Job) -> Self::Out;
}

/// Attaches `threads` workers for `stage` to `pool`, runs every job, detaches them again.
/// Outputs come back in the order of `jobs`.
pub fn run_stage<S: Stage>(pool: &Pool, stage: Arc<S>, jobs: Vec<S::Job>, threads: usize) -> Result<Vec<S::Out>> {
    let (tx, rx) = mpsc::channel();
    let tx = Mutex::new(tx);
    let worker = Worker::new(move |(index, job): (usize, S::Job)| {
        let out = stage.run(job);
        let _ = tx.lock().unwrap().send((index, out));
    });
    for _ in 0..threads.max(1) {
        pool.add_worker(&worker)?;
    }
    let want = jobs.len();
    let queued = jobs.into_iter().enumerate().try_for_each(|job| pool.delegate(job));
    let mut got: Vec<(usize, S::Out)> = Vec::with_capacity(want);
    if queued.is_ok() {
        while got.len() < want {
            match rx.recv_timeout(Duration::from_secs(20)) {
                Ok(r) => got.push(r),
                Err(_) => break,
            }
        }
    }
    while pool.workers_num() > 0 {
        pool.remove_worker(&worker)?;
    }
    queued?;
    if got.len() != want {
        return Err(CrawlError::StageLost { stage: S::NAME, got: got.len(), want });
    }
    got.sort_by_key(|(i, _)| *i);
    Ok(got.into_iter().map(|(_, out)| out).collect())
}
