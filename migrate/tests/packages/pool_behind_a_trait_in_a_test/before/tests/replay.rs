use std::sync::mpsc::channel;

use pool_behind_a_trait_in_a_test::{doubler, replay, Hub};
use workerpool::{Pool, Worker};

#[test]
fn a_bare_pool_is_a_sink_too() {
    let (tx, rx) = channel();
    let pool = Pool::new(4);
    pool.add_worker(&Worker::new(doubler(tx))).unwrap();
    assert_eq!(replay(&pool, &[1, 2]).unwrap(), 2);
    let mut got: Vec<u64> = rx.iter().take(2).collect();
    got.sort();
    assert_eq!(got, [2, 4]);
}

#[test]
fn the_hub_s_pool_is_a_sink() {
    let (tx, rx) = channel();
    let hub = Hub::start(tx);
    assert_eq!(hub.workers(), 1);
    replay(hub.pool(), &[5]).unwrap();
    assert_eq!(rx.recv().unwrap(), 10);
}
