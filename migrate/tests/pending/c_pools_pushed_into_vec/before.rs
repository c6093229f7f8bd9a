//! One pool per shard, pushed into a `Vec<Pool>` made in a loop.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = channel();
    let mut shards: Vec<Pool> = Vec::new();
    for shard in 0..3u32 {
        let pool = Pool::new(4);
        let tx = tx.clone();
        let w = Worker::new(move |n: u32| tx.send((shard, n * 2)).unwrap());
        pool.add_worker(&w).unwrap();
        shards.push(pool);
    }
    for n in 0..9u32 {
        shards[(n % 3) as usize].delegate(n).unwrap();
    }
    let mut got: Vec<(u32, u32)> = rx.iter().take(9).collect();
    got.sort();
    println!("{got:?}");
    println!("workers: {}", shards.iter().map(|p| p.workers_num()).sum::<usize>());
}
