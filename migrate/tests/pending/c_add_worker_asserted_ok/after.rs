//! The result of add_worker checked with assert!, as tests do.
use std::sync::mpsc::channel;
use workerpool::Pool;

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::<u32>::new(4);
    let w = move |n: u32| tx.send(n + 1).unwrap();
    pool.add_worker(w.clone());
    pool.add_worker(w.clone());
    assert_eq!(pool.workers(), 2);
    pool.delegate(1u32).unwrap();
    println!("{}", rx.recv().unwrap());
}
