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
}

pub fn start() -> Hub {
    let pool = Pool::new(2);
    pool.add_worker(&Worker::new(|n: u64| println!("job {n}"))).unwrap();
    Hub::new(Arc::new(pool))
}

fn parse(line: &str) -> u32 {
    line.trim().parse().unwrap_or(0)
}

/// 2.x ran this (its worker gets a `u32` it takes for a `u64`); 3.x does not compile it.
pub fn odd() {
    let pool = Pool::new(1);
    pool.add_worker(&Worker::new(|n: u64| println!("odd {n}"))).unwrap();
    pool.delegate(parse("7")).unwrap();
}
