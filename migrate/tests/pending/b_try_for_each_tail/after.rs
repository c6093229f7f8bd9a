//! Submits a batch with `try_for_each`, the function's tail expression.
use std::sync::mpsc::channel;
use workerpool::{Error, Pool};

fn submit_all(pool: &Pool<u16>, jobs: &[u16]) -> Result<(), Error> {
    jobs.iter().copied().try_for_each(|j| pool.delegate(j))?;
    Ok(())
}

fn main() {
    let (tx, rx) = channel::<u32>();
    let pool = Pool::<u16>::new(10);
    let w = move |j: u16| tx.send(u32::from(j) * 2).unwrap();
    pool.add_worker(w);

    let jobs = [1u16, 2, 3, 4];
    match submit_all(&pool, &jobs) {
        Ok(()) => println!("submitted {}", jobs.len()),
        Err(e) => println!("failed: {}", e),
    }
    let doubled: u32 = rx.iter().take(jobs.len()).sum();
    println!("doubled sum {}", doubled);
}
