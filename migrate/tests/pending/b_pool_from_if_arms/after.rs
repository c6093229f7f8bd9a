//! The queue size depends on a flag: the pool is created in the arms of an `if`.
use std::sync::mpsc::channel;
use workerpool::Pool;

const N: usize = 4;

fn main() {
    let big = std::env::args().count() > 5;
    let pool = if big {
        Pool::<usize>::new(N * 100) // room for a burst
    } else {
        Pool::<usize>::new(N)
    };
    let (tx, rx) = channel();
    let w = move |i: usize| tx.send(i * i).unwrap();
    pool.add_worker(w);
    for i in 0..N {
        pool.delegate(i).unwrap();
    }
    let total: usize = rx.iter().take(N).sum();
    println!("big={big} total={total}");
}
