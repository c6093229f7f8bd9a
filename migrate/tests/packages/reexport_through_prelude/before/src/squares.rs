//! Squares worked out on a pool.

use std::sync::{mpsc, Mutex};

use crate::prelude::*;

/// The squares of `0..n`, in order.
pub fn squares(n: u64) -> Result<Vec<u64>, PoolError> {
    let pool = Pool::new(8);
    let (tx, rx) = mpsc::channel();
    let tx = Mutex::new(tx);
    pool.add_worker(&Worker::new(move |x: u64| tx.lock().unwrap().send(x * x).unwrap()))?;
    for x in 0..n {
        pool.delegate(x)?;
    }
    let mut out: Vec<u64> = rx.iter().take(n as usize).collect();
    out.sort();
    Ok(out)
}
