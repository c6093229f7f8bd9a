use std::sync::mpsc;
use workerpool::{Pool, Worker};

#[test]
fn doubles() {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::new(4);
    let w = Worker::new(move |n: u32| tx.send(n * 2).unwrap());
    pool.add_worker(&w).unwrap();
    pool.delegate(21u32).unwrap();
    assert_eq!(rx.recv().unwrap(), 42);
}
