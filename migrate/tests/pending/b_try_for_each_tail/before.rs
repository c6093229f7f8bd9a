//! Submits a batch with `try_for_each`, the function's tail expression.
use std::sync::mpsc::channel;
use workerpool::{Error, Pool, Worker};

fn submit_all(pool: &Pool, jobs: &[u16]) -> Result<(), Error> {
    jobs.iter().copied().try_for_each(|j| pool.delegate(j))
}

fn main() {
    let (tx, rx) = channel::<u32>();
    let pool = Pool::new(10);
    let w = Worker::new(move |j: u16| tx.send(u32::from(j) * 2).unwrap());
    pool.add_worker(&w).unwrap();

    let jobs = [1u16, 2, 3, 4];
    match submit_all(&pool, &jobs) {
        Ok(()) => println!("submitted {}", jobs.len()),
        Err(e) => println!("failed: {}", e),
    }
    let doubled: u32 = rx.iter().take(jobs.len()).sum();
    println!("doubled sum {}", doubled);
}
