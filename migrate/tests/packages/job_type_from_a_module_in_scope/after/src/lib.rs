pub mod jobs;

use workerpool::{Pool, SharedWorker};

pub fn squares(n: u64) -> Pool<jobs::Square> {
    let pool = Pool::<jobs::Square>::new(4);
    let worker = jobs::run;
    pool.add_worker(worker);
    for i in 0..n {
        pool.delegate(jobs::Square(i)).unwrap();
    }
    pool
}

pub struct Keeper {
    pub pool: Pool<jobs::Square>,
    pub worker: SharedWorker<jobs::Square>,
}

impl Keeper {
    pub fn new() -> Keeper {
        let k = Keeper { pool: Pool::new(2), worker: SharedWorker::new(jobs::run) };
        k.pool.add_shared_worker(&k.worker);
        k
    }

    pub fn shrink(&self) {
        self.pool.remove_shared_worker(&self.worker);
    }
}
