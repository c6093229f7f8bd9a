//! A library that re-exports the pool types under its own names, and feeds a pool it is given.
pub use workerpool::{Pool as TaskPool, Worker as TaskWorker};

pub fn double(n: u64) {
    println!("{}", n * 2);
}

pub fn feed(pool: &TaskPool, n: u64) {
    pool.delegate(n).unwrap();
}
