pub mod jobs;

use workerpool::{Pool, Worker};

pub fn squares(n: u64) -> Pool {
    let pool = Pool::new(4);
    let worker = Worker::new(jobs::run);
    pool.add_worker(&worker).expect("add a worker");
    for i in 0..n {
        pool.delegate(jobs::Square(i)).unwrap();
    }
    pool
}

pub struct Keeper {
    pub pool: Pool,
    pub worker: Worker,
}

impl Keeper {
    pub fn new() -> Keeper {
        let k = Keeper { pool: Pool::new(2), worker: Worker::new(jobs::run) };
        k.pool.add_worker(&k.worker).unwrap();
        k
    }

    pub fn shrink(&self) {
        self.pool.remove_worker(&self.worker).unwrap();
    }
}
