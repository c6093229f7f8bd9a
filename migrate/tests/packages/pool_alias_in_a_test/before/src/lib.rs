use std::sync::Arc;

use workerpool::{Pool, Worker};

/// Several hubs may share one pool.
pub type SharedPool = Arc<Pool>;

pub struct Hub {
    pool: SharedPool,
}

impl Hub {
    pub fn new(pool: SharedPool) -> Hub {
        Hub { pool }
    }

    pub fn post(&self, n: u64) {
        self.pool.delegate(n).unwrap();
    }

    pub fn workers(&self) -> usize {
        self.pool.workers_num()
    }
}

pub fn start() -> Hub {
    let pool = Pool::new(2);
    pool.add_worker(&Worker::new(|n: u64| println!("job {n}"))).unwrap();
    Hub::new(Arc::new(pool))
}
