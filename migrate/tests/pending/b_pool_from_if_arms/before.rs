//! The queue size depends on a flag: the pool is created in the arms of an `if`.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

const N: usize = 4;

fn main() {
    let big = std::env::args().count() > 5;
    let pool = if big {
        Pool::new(N * 100) // room for a burst
    } else {
        Pool::new(N)
    };
    let (tx, rx) = channel();
    let w = Worker::new(move |i: usize| tx.send(i * i).unwrap());
    pool.add_worker(&w).unwrap();
    for i in 0..N {
        pool.delegate(i).unwrap();
    }
    let total: usize = rx.iter().take(N).sum();
    println!("big={big} total={total}");
}
