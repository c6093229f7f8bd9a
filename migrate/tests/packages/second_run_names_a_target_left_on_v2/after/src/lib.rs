//! What a first run left on v2: the test below asserted NoWorkers, and its user has since rewritten it.
use std::sync::mpsc::Sender;
use workerpool::v2::{Pool, Worker};

pub fn doubler(out: Sender<u64>) -> Worker {
    Worker::new(move |n: u64| out.send(n * 2).unwrap())
}

pub fn start(worker: &Worker) -> Pool {
    let pool = Pool::new(4);
    pool.add_worker(worker).unwrap();
    pool
}
