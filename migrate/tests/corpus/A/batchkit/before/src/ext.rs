//! Conveniences on the pool itself.

use std::any::Any;

use workerpool::{Error, Pool, Worker};

pub trait PoolExt {
    /// Adds instances of `worker` until the pool runs `n` workers.
    fn ensure_workers(&self, worker: &Worker, n: usize) -> Result<usize, Error>;

    /// Delegates every job of `jobs`, in order; returns how many.
    fn submit_all<J, I>(&self, jobs: I) -> Result<usize, Error>
    where
        J: Any + Send,
        I: IntoIterator<Item = J>;
}

impl PoolExt for Pool {
    fn ensure_workers(&self, worker: &Worker, n: usize) -> Result<usize, Error> {
        let mut added = 0;
        while self.workers_num() < n {
            self.add_worker(worker)?;
            added += 1;
        }
        Ok(added)
    }

    fn submit_all<J, I>(&self, jobs: I) -> Result<usize, Error>
    where
        J: Any + Send,
        I: IntoIterator<Item = J>,
    {
        let mut count = 0;
        for job in jobs {
            self.delegate(job)?;
            count += 1;
        }
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn ensure_workers_tops_up() {
        let pool = Pool::new(4);
        let worker = Worker::new(|_: u8| {});
        assert_eq!(pool.ensure_workers(&worker, 3).unwrap(), 3);
        assert_eq!(pool.ensure_workers(&worker, 2).unwrap(), 0);
        assert_eq!(pool.workers_num(), 3);
    }

    #[test]
    fn submit_all_counts() {
        let pool = Pool::new(4);
        let (tx, rx) = mpsc::channel();
        pool.add_worker(&Worker::new(move |n: i32| tx.send(n).unwrap())).unwrap();
        assert_eq!(pool.submit_all(vec![3, 1, 2]).unwrap(), 3);
        let mut got: Vec<i32> = rx.iter().take(3).collect();
        got.sort();
        assert_eq!(got, [1, 2, 3]);
    }
}
