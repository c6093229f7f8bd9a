//! Runs a function over a list of jobs on a pool's threads, collecting results in order.

use std::sync::mpsc::{channel, Sender};

use workerpool::{Pool, Worker};

use crate::error::AggError;

/// Adds `threads` workers running `f` to `pool`, feeds them `jobs`, waits for every
/// result and removes the workers again, leaving the pool free for the next phase.
pub fn run_phase<J, R, F>(
    pool: &Pool,
    threads: usize,
    jobs: Vec<J>,
    f: F,
) -> Result<Vec<R>, AggError>
where
    J: Send + 'static,
    R: Send + 'static,
    F: Fn(J) -> R + Send + Sync + 'static,
{
    let worker = Worker::new(move |(i, job, tx): (usize, J, Sender<(usize, R)>)| {
        let _ = tx.send((i, f(job)));
    });
    for _ in 0..threads.max(1) {
        pool.add_worker(&worker)?;
    }
    let expected = jobs.len();
    let (tx, rx) = channel();
    for (i, job) in jobs.into_iter().enumerate() {
        pool.delegate((i, job, tx.clone()))?;
    }
    drop(tx);
    let mut results: Vec<(usize, R)> = rx.iter().collect();
    for _ in 0..threads.max(1) {
        pool.remove_worker(&worker)?;
    }
    if results.len() != expected {
        return Err(AggError::Lost {
            expected,
            got: results.len(),
        });
    }
    results.sort_by_key(|(i, _)| *i);
    Ok(results.into_iter().map(|(_, r)| r).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_job_order() {
        let pool = Pool::new(8);
        let out = run_phase(&pool, 3, (0..50u32).collect(), |n| n * n).unwrap();
        assert_eq!(out, (0..50u32).map(|n| n * n).collect::<Vec<_>>());
        assert_eq!(pool.workers_num(), 0);
    }
}
