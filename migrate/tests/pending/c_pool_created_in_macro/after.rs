//! A macro that builds a pool with n copies of a worker.
use std::sync::mpsc::channel;
use workerpool::v2::{Pool, Worker};

macro_rules! pool_of {
    ($n:expr, $f:expr) => {{
        let pool = Pool::new(16);
        let w = Worker::new($f);
        for _ in 0..$n {
            pool.add_worker(&w).unwrap();
        }
        pool
    }};
}

fn main() {
    let (tx, rx) = channel();
    let pool = pool_of!(3, move |n: u32| tx.send(n + 1).unwrap());
    for n in 0..6u32 {
        pool.delegate(n).unwrap();
    }
    let s: u32 = rx.iter().take(6).sum();
    println!("workers {} sum {s}", pool.workers_num());
}
