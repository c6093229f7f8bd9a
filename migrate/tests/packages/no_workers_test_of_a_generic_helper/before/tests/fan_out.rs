use std::sync::mpsc;

use no_workers_test_of_a_generic_helper::{counting_pool, fan_out};
use workerpool::Pool;

#[test]
fn counts_words() {
    let (tx, rx) = mpsc::channel();
    let (pool, _counter) = counting_pool(2, tx).unwrap();
    let queued = fan_out(&pool, vec!["a b".to_string(), "c".to_string()]).unwrap();
    assert_eq!(queued, 2);
    let mut counts: Vec<usize> = rx.iter().take(2).collect();
    counts.sort();
    assert_eq!(counts, [1, 2]);
}

#[test]
fn a_pool_without_workers_refuses_jobs() {
    let pool = Pool::new(2);
    let err = fan_out(&pool, vec![1u8, 2]).unwrap_err();
    assert!(matches!(err, workerpool::Error::NoWorkers));
}
