use std::sync::mpsc;
use workerpool::Pool;

#[test]
fn doubles() {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::<u32>::new(4);
    let w = move |n: u32| tx.send(n * 2).unwrap();
    pool.add_worker(w);
    pool.delegate(21u32).unwrap();
    assert_eq!(rx.recv().unwrap(), 42);
}
