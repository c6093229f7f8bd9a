//! A local closure that takes the pool as a typed parameter.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::new(4);
    pool.add_worker(&Worker::new(move |n: u32| tx.send(n).unwrap())).unwrap();
    let submit = |p: &Pool, n: u32| p.delegate(n).unwrap();
    submit(&pool, 4);
    submit(&pool, 5);
    println!("{}", rx.iter().take(2).sum::<u32>());
}
