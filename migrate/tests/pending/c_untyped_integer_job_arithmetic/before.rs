//! Integer jobs computed from untyped ranges: 2.x boxes them as i32.
use std::sync::mpsc;
use std::time::Duration;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::new(8);
    let w = Worker::new(move |n: u64| tx.send(n * 2).unwrap());
    pool.add_worker(&w).unwrap();
    for i in 0..3 {
        pool.delegate(i * 10).unwrap();
    }
    (0..3).for_each(|n| pool.delegate(n).unwrap());
    match rx.recv_timeout(Duration::from_secs(2)) {
        Ok(v) => println!("first reply {}", v),
        Err(_) => println!("no reply"),
    }
    pool.stop();
}
