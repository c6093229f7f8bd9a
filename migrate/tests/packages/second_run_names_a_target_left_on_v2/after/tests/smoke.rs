use std::sync::mpsc::channel;
use workerpool::v2::Worker;

#[test]
fn doubles() {
    let (tx, rx) = channel();
    let worker: Worker = second_run::doubler(tx);
    let pool = second_run::start(&worker);
    pool.delegate(21u64).unwrap();
    assert_eq!(rx.recv().unwrap(), 42);
}
