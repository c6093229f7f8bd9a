//! Run one function over a batch of inputs on a pool made for the batch.

use std::any::Any;
use std::fmt;
use std::sync::mpsc;

use workerpool::{Pool, Worker};

#[derive(Debug)]
pub enum BatchError {
    NoThreads,
    Pool(workerpool::Error),
    Lost { expected: usize, got: usize },
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::NoThreads => f.write_str("a batch needs at least one thread"),
            BatchError::Pool(e) => write!(f, "pool error: {e}"),
            BatchError::Lost { expected, got } => write!(f, "expected {expected} results, got {got}"),
        }
    }
}

impl std::error::Error for BatchError {}

impl From<workerpool::Error> for BatchError {
    fn from(e: workerpool::Error) -> Self {
        BatchError::Pool(e)
    }
}

/// Runs `f` on every input on `threads` workers; results come back in input order.
pub fn run_batch<J, R, F>(inputs: Vec<J>, threads: usize, f: F) -> Result<Vec<R>, BatchError>
where
    J: Any + Send,
    R: Send + 'static,
    F: Fn(J) -> R + Send + Sync + 'static,
{
    if threads == 0 {
        return Err(BatchError::NoThreads);
    }
    let expected = inputs.len();
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    let pool = Pool::new(threads * 2);
    let worker = Worker::new(move |(i, job): (usize, J)| {
        let _ = tx.send((i, f(job)));
    });
    for _ in 0..threads {
        pool.add_worker(&worker)?;
    }
    for (i, job) in inputs.into_iter().enumerate() {
        pool.delegate((i, job))?;
    }
    let mut results: Vec<(usize, R)> = rx.iter().take(expected).collect();
    if results.len() != expected {
        return Err(BatchError::Lost { expected, got: results.len() });
    }
    pool.stop();
    results.sort_by_key(|(i, _)| *i);
    Ok(results.into_iter().map(|(_, r)| r).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_input_order() {
        let out = run_batch((1..=50u64).collect(), 4, |n| n * n).unwrap();
        assert_eq!(out[0], 1);
        assert_eq!(out[49], 2500);
    }

    #[test]
    fn zero_threads_is_refused() {
        assert!(matches!(run_batch(vec![1u8], 0, |n| n), Err(BatchError::NoThreads)));
    }
}
