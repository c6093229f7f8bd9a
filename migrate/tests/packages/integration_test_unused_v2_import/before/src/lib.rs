//! Doubles on a pool; a unit test relies on 2.x's NoWorkers; an integration test names the crate.
use std::sync::mpsc::{channel, Receiver};
use workerpool::{Pool, Worker};

pub struct Doubler {
    pool: Pool,
    out: Receiver<i8>,
}

impl Doubler {
    pub fn new() -> Doubler {
        let (tx, out) = channel();
        let pool = Pool::new(4);
        let w = Worker::new(move |x: i8| tx.send(x * 2).unwrap());
        pool.add_worker(&w).unwrap();
        Doubler { pool, out }
    }

    pub fn double(&self, x: i8) -> i8 {
        self.pool.delegate(x).unwrap();
        self.out.recv().unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_without_workers() {
        assert_eq!(Doubler::new().double(2), 4);
        let pool = Pool::new(1);
        assert!(pool.delegate(1u8).is_err());
    }
}
