//! Collected workers, added in order and then removed newest first.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = channel::<u32>();
    let pool = Pool::new(0);
    let workers: Vec<Worker> = (0..3u32)
        .map(|id| {
            let tx = tx.clone();
            Worker::new(move |n: u32| tx.send(n * 10 + id).unwrap())
        })
        .collect();
    drop(tx);
    for w in &workers {
        pool.add_worker(w).unwrap();
    }
    println!("workers {}", pool.workers_num());
    for n in 1..=6u32 {
        pool.delegate(n).unwrap();
    }
    let total: u32 = rx.iter().take(6).map(|r| r / 10).sum();
    println!("total {total}");
    for w in workers.iter().rev() {
        pool.remove_worker(w).unwrap();
    }
    println!("workers {}", pool.workers_num());
}
