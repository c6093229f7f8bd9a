//! One global dispatch pool; each campaign puts its delivery workers on it, sends, and takes
//! them off again.

use std::any::Any;
use std::sync::LazyLock;

use workerpool::{Error, Pool, Worker};

pub static DISPATCH: LazyLock<Pool> = LazyLock::new(|| Pool::new(64));

/// Runs a campaign: `threads` instances of `worker` on the dispatch pool while `jobs` go out.
/// Returns how many were sent. `wait` blocks until that many were delivered.
pub fn campaign<J, I>(worker: &Worker, threads: usize, jobs: I, wait: impl Fn(usize)) -> Result<usize, Error>
where
    J: Any + Send,
    I: IntoIterator<Item = J>,
{
    let pool: &Pool = &DISPATCH;
    for _ in 0..threads {
        pool.add_worker(worker)?;
    }
    let mut sent = 0;
    for job in jobs {
        pool.delegate(job)?;
        sent += 1;
    }
    wait(sent);
    for _ in 0..threads {
        pool.remove_worker(worker)?;
    }
    Ok(sent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    #[test]
    fn campaign_sends_all_and_leaves_no_workers() {
        let seen = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&seen);
        let worker = Worker::new(move |n: u64| {
            counter.fetch_add(n as usize, Ordering::SeqCst);
        });
        let sent = campaign(&worker, 3, 1..=100u64, |_| {
            while seen.load(Ordering::SeqCst) < 5050 {
                std::thread::yield_now();
            }
        })
        .unwrap();
        assert_eq!(sent, 100);
        assert_eq!(DISPATCH.workers_num(), 0);
    }
}
