//! A small program written against workerpool 2.x, migrated and run by migrate's tests.
mod stats;

use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;
use workerpool::{Pool, Worker};

/// Sends back the square of a number.
fn square((n, out): (u64, Sender<u64>)) {
    out.send(n * n).unwrap();
}

fn squares() -> Result<Vec<u64>, workerpool::Error> {
    let (tx, rx) = channel();
    let pool = Arc::new(Pool::new(0));
    let w = Worker::new(square);
    pool.add_worker(&w)?;
    pool.add_worker(&w)?;
    for n in 1..=6u64 {
        pool.delegate((n, tx.clone()))?;
    }
    let mut got: Vec<u64> = rx.iter().take(6).collect();
    pool.remove_worker(&w)?;
    println!("workers after one remove: {}", pool.workers_num());
    pool.stop();
    got.sort();
    Ok(got)
}

fn doubled(jobs: u64) -> Vec<u64> {
    let (tx, rx) = channel();
    let pool = Pool::new(4);
    let doubler = Worker::new(move |n: u64| {
        tx.send(n * 2).unwrap(); // the worker owns its sender
    });
    for _ in 0..3 {
        pool.add_worker(&doubler).unwrap();
    }
    for n in 0..jobs {
        pool.delegate(n).unwrap();
    }
    let mut got: Vec<u64> = rx.iter().take(jobs as usize).collect();
    for _ in 0..3 {
        pool.remove_worker(&doubler).unwrap();
    }
    println!("workers after removing all: {}", pool.workers_num());
    got.sort();
    got
}

/// Whether delegate fails on a pool without workers (2.x behaviour, kept on v2).
fn fails_without_workers() -> bool {
    let pool = Pool::new(1);
    matches!(pool.delegate(1u8), Err(workerpool::Error::NoWorkers))
}

fn main() -> Result<(), workerpool::Error> {
    println!("squares: {:?}", squares()?);
    println!("doubled: {:?}", doubled(5));
    let mut stats = stats::Stats::new(2);
    for word in "the quick brown fox jumps over the lazy dog".split(' ') {
        stats.count(word);
    }
    println!("letters: {}", stats.finish());
    println!("fails without workers: {}", fails_without_workers());
    Ok(())
}
