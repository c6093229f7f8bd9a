use std::sync::Arc;

use workerpool::Pool;

/// Several hubs may share one pool.
pub type SharedPool = Arc<Pool<u64>>;

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
        self.pool.workers()
    }
}

pub fn start() -> Hub {
    let pool = Pool::<u64>::new(2);
    pool.add_worker(|n: u64| println!("job {n}"));
    Hub::new(Arc::new(pool))
}
