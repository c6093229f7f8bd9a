//! Stops the pool between two batches and starts a worker again.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = channel::<u8>();
    let pool = Pool::new(4);
    let w = Worker::new(move |b: u8| tx.send(b).unwrap());

    pool.add_worker(&w).unwrap();
    for b in 1..=3u8 {
        pool.delegate(b).unwrap();
    }
    let first: u32 = rx.iter().take(3).map(u32::from).sum();
    pool.stop();
    println!("first batch {first}, workers after stop {}", pool.workers_num());

    // second batch on the restarted pool
    pool.add_worker(&w).unwrap();
    for b in 10..=12u8 {
        pool.delegate(b).unwrap();
    }
    let second: u32 = rx.iter().take(3).map(u32::from).sum();
    println!("second batch {second}");
}
