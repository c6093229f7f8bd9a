//! A library whose pool is made from a worker another helper makes; only its test gives it jobs.
use std::sync::mpsc::Sender;
use workerpool::{Pool, SharedWorker};

pub fn doubler(out: Sender<u64>) -> SharedWorker<u64> {
    SharedWorker::new(move |n: u64| out.send(n * 2).unwrap())
}

pub fn start(worker: &SharedWorker<u64>) -> Pool<u64> {
    let pool = Pool::<u64>::new(4);
    pool.add_shared_worker(worker);
    pool
}
