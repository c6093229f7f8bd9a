//! A test module imports `Worker`; a child file's test module globs its own parent, not this one.
pub mod engine;
use workerpool::Pool;

pub fn feed(pool: &Pool) {
    pool.delegate(1u8).unwrap();
}

#[cfg(test)]
mod tests {
    use super::*;
    use workerpool::Worker;

    #[test]
    fn feeds() {
        let pool = Pool::new(1);
        pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();
        feed(&pool);
    }
}
