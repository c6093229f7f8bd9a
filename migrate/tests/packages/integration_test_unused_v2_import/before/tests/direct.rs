use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

#[test]
fn pool_directly() {
    let (tx, rx) = channel();
    let pool = Pool::new(2);
    pool.add_worker(&Worker::new(move |x: i8| tx.send(x).unwrap())).unwrap();
    pool.delegate(-3i8).unwrap();
    assert_eq!(rx.recv().unwrap(), pkg::Doubler::new().double(-3) / 2);
}
