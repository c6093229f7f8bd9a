//! Scales the pool down one worker at a time, watching `workers_num()`.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = channel::<u32>();
    let pool = Pool::new(16);
    let echo = Worker::new(move |n: u32| tx.send(n).unwrap());

    for _ in 0..4 {
        pool.add_worker(&echo).unwrap();
    }
    println!("up: {}", pool.workers_num());

    for n in 0..8u32 {
        pool.delegate(n).unwrap();
    }
    let got: u32 = rx.iter().take(8).sum();
    println!("got {}", got);

    while pool.workers_num() > 1 {
        pool.remove_worker(&echo).unwrap();
        println!("down to {}", pool.workers_num());
    }
    pool.delegate(100u32).unwrap();
    println!("last {}", rx.recv().unwrap());
}
