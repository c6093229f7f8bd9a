use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = channel::<u32>();
    let pool = Pool::new(10);
    let worker = Worker::new(move |n: u32| tx.send(n * 3).unwrap());
    for _ in 0..2 {
        pool.add_worker(&worker).unwrap();
    }
    for n in 0..4u32 {
        pool.delegate(n).unwrap();
    }
    println!("sum {}", rx.iter().take(4).sum::<u32>());
}
