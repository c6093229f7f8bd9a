//! Feeds numbers to a pool the engine starts.
pub mod engine;

use workerpool::Pool;

/// Sends `count` numbers starting at `start` to the pool.
pub fn feed(pool: &Pool<u64>, start: u64, count: u64) -> Result<u64, workerpool::Error> {
    for n in start..start + count {
        pool.delegate(n)?;
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    #[test]
    fn feed_sends_every_number() {
        let pool = Pool::<u64>::new(4);
        let (tx, rx) = channel();
        pool.add_worker(move |n: u64| tx.send(n).unwrap());
        assert_eq!(feed(&pool, 10, 3).unwrap(), 3);
        assert_eq!(rx.iter().take(3).sum::<u64>(), 33);
    }

    #[test]
    fn engine_adds_one() {
        let (pool, rx) = engine::start();
        feed(&pool, 1, 2).unwrap();
        assert_eq!(rx.iter().take(2).sum::<u64>(), 5);
    }
}
