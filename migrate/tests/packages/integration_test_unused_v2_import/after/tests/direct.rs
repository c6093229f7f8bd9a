use std::sync::mpsc::channel;
use workerpool::Pool;

#[test]
fn pool_directly() {
    let (tx, rx) = channel();
    let pool = Pool::<i8>::new(2);
    pool.add_worker(move |x: i8| tx.send(x).unwrap());
    pool.delegate(-3i8).unwrap();
    assert_eq!(rx.recv().unwrap(), pkg::Doubler::new().double(-3) / 2);
}
