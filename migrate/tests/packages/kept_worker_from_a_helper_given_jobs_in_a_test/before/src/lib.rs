//! A library whose pool is made from a worker another helper makes; only its test gives it jobs.
use std::sync::mpsc::Sender;
use workerpool::{Pool, Worker};

pub fn doubler(out: Sender<u64>) -> Worker {
    Worker::new(move |n: u64| out.send(n * 2).unwrap())
}

pub fn start(worker: &Worker) -> Pool {
    let pool = Pool::new(4);
    pool.add_worker(worker).unwrap();
    pool
}
