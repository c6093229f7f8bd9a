use std::sync::mpsc::Sender;
use std::sync::Arc;

use workerpool::Pool;

/// Several hubs may share one pool.
pub type SharedPool = Arc<Pool<u64>>;

/// Anything numbers can be pushed into.
pub trait Sink {
    fn push(&self, n: u64) -> Result<(), workerpool::Error>;
}

impl Sink for Pool<u64> {
    fn push(&self, n: u64) -> Result<(), workerpool::Error> {
        self.delegate(n)?;
        Ok(())
    }
}

/// Pushes every number; returns how many went in.
pub fn replay<S: Sink + ?Sized>(sink: &S, numbers: &[u64]) -> Result<usize, workerpool::Error> {
    for &n in numbers {
        sink.push(n)?;
    }
    Ok(numbers.len())
}

/// A worker that doubles what it is given.
pub fn doubler(out: Sender<u64>) -> impl Fn(u64) + Send + Sync + 'static {
    move |n| out.send(n * 2).unwrap()
}

pub struct Hub {
    pool: SharedPool,
}

impl Hub {
    pub fn start(out: Sender<u64>) -> Hub {
        let pool = Pool::<u64>::new(2);
        pool.add_worker(doubler(out));
        Hub { pool: Arc::new(pool) }
    }

    pub fn pool(&self) -> &Pool<u64> {
        &self.pool
    }

    pub fn workers(&self) -> usize {
        self.pool.workers()
    }
}
