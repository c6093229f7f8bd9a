//! A test module imports `Worker`; a child file's test module globs its own parent, not this one.
pub mod engine;
use workerpool::Pool;

pub fn feed(pool: &Pool<u8>) {
    pool.delegate(1u8).unwrap();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feeds() {
        let pool = Pool::<u8>::new(1);
        pool.add_worker(|n: u8| drop(n));
        feed(&pool);
    }
}
