//! Counting words on a pool, and queueing jobs of any type.

use std::any::Any;
use std::sync::mpsc::Sender;

use workerpool::{Error, Pool, Worker};

/// A pool with `workers` counters on it, and the counter so the caller can add more.
pub fn counting_pool(workers: usize, done: Sender<usize>) -> Result<(Pool, Worker), Error> {
    let pool = Pool::new(8);
    let counter = Worker::new(move |text: String| {
        done.send(text.split_whitespace().count()).unwrap();
    });
    for _ in 0..workers {
        pool.add_worker(&counter)?;
    }
    Ok((pool, counter))
}

/// Queue every job, in order. Returns how many were queued.
pub fn fan_out<J: Any + Send>(pool: &Pool, jobs: Vec<J>) -> Result<usize, Error> {
    let mut n = 0;
    for job in jobs {
        pool.delegate(job)?;
        n += 1;
    }
    Ok(n)
}
