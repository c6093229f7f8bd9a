//! One pool per shard, pushed into a `Vec<Pool>` made in a loop.
use std::sync::mpsc::channel;
use workerpool::Pool;

fn main() {
    let (tx, rx) = channel();
    let mut shards: Vec<Pool<u32>> = Vec::new();
    for shard in 0..3u32 {
        let pool = Pool::<u32>::new(4);
        let tx = tx.clone();
        let w = move |n: u32| tx.send((shard, n * 2)).unwrap();
        pool.add_worker(w);
        shards.push(pool);
    }
    for n in 0..9u32 {
        shards[(n % 3) as usize].delegate(n).unwrap();
    }
    let mut got: Vec<(u32, u32)> = rx.iter().take(9).collect();
    got.sort();
    println!("{got:?}");
    println!("workers: {}", shards.iter().map(|p| p.workers()).sum::<usize>());
}
