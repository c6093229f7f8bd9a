//! A submit function that keeps `Result<(), workerpool::Error>` in its signature but never fails.
use std::sync::mpsc::channel;
use workerpool::Pool;

fn submit(pool: &Pool<u64>, n: u64) -> Result<(), workerpool::Error> {
    pool.delegate(n).expect("pool has a worker");
    Ok(())
}

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::<u64>::new(8);
    pool.add_worker(move |n: u64| tx.send(n * 7).unwrap());
    for n in 1..=3u64 {
        submit(&pool, n).unwrap();
    }
    println!("sum {}", rx.iter().take(3).sum::<u64>());
}
