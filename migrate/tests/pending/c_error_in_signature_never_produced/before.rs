//! A submit function that keeps `Result<(), workerpool::Error>` in its signature but never fails.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

fn submit(pool: &Pool, n: u64) -> Result<(), workerpool::Error> {
    pool.delegate(n).expect("pool has a worker");
    Ok(())
}

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::new(8);
    pool.add_worker(&Worker::new(move |n: u64| tx.send(n * 7).unwrap())).unwrap();
    for n in 1..=3u64 {
        submit(&pool, n).unwrap();
    }
    println!("sum {}", rx.iter().take(3).sum::<u64>());
}
