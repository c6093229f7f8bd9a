use std::sync::mpsc::channel;
use workerpool::SharedWorker;

#[test]
fn doubles() {
    let (tx, rx) = channel();
    let worker: SharedWorker<u64> = helper_worker::doubler(tx);
    let pool = helper_worker::start(&worker);
    pool.delegate(21u64).unwrap();
    assert_eq!(rx.recv().unwrap(), 42);
}
