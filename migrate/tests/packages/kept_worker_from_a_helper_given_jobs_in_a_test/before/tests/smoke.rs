use std::sync::mpsc::channel;
use workerpool::Worker;

#[test]
fn doubles() {
    let (tx, rx) = channel();
    let worker: Worker = helper_worker::doubler(tx);
    let pool = helper_worker::start(&worker);
    pool.delegate(21u64).unwrap();
    assert_eq!(rx.recv().unwrap(), 42);
}
