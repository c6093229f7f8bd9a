//! Queueing many jobs at once, from one thread or from several.

use std::any::Any;
use std::thread;

use workerpool::v2::{Error, Pool};

/// Queue every job, in order. Returns how many were queued.
pub fn fan_out<J, I>(pool: &Pool, jobs: I) -> Result<usize, Error>
where
    J: Any + Send,
    I: IntoIterator<Item = J>,
{
    let mut n = 0;
    for job in jobs {
        pool.delegate(job)?;
        n += 1;
    }
    Ok(n)
}

/// Queue each batch from its own thread; the threads borrow the pool.
pub fn fan_out_scoped<J>(pool: &Pool, batches: Vec<Vec<J>>) -> Result<usize, Error>
where
    J: Any + Send,
{
    thread::scope(|s| {
        let producers: Vec<_> = batches
            .into_iter()
            .map(|batch| s.spawn(move || fan_out(pool, batch)))
            .collect();
        let mut total = 0;
        for p in producers {
            total += p.join().expect("producer thread panicked")?;
        }
        Ok(total)
    })
}
