//! Collected workers, added in order and then removed newest first.
use std::sync::mpsc::channel;
use workerpool::Pool;

fn main() {
    let (tx, rx) = channel::<u32>();
    let pool = Pool::<u32>::new(0);
    let workers: Vec<_> = (0..3u32)
        .map(|id| {
            let tx = tx.clone();
            move |n: u32| tx.send(n * 10 + id).unwrap()
        })
        .collect();
    drop(tx);
    let mut handles = Vec::new();
    for w in workers {
        handles.push(pool.add_worker(w));
    }
    println!("workers {}", pool.workers());
    for n in 1..=6u32 {
        pool.delegate(n).unwrap();
    }
    let total: u32 = rx.iter().take(6).map(|r| r / 10).sum();
    println!("total {total}");
    for handle in handles.into_iter().rev() {
        handle.remove();
    }
    println!("workers {}", pool.workers());
}
