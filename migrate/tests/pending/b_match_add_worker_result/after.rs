//! The result of add_worker is matched, with an early return on error.
use std::sync::mpsc::channel;
use workerpool::Pool;

fn main() {
    let (tx, rx) = channel::<u64>();
    let pool = Pool::<u64>::new(3);
    let w = move |n: u64| tx.send(n + 1).unwrap();

    pool.add_worker(w);
    println!("worker added");

    for n in 0..5u64 {
        pool.delegate(n).expect("queued");
    }
    let sum: u64 = rx.iter().take(5).sum();
    println!("sum {sum}");
}
