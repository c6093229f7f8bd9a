//! Counting, fan-out and the pools behind them.

use std::collections::HashMap;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use wordfreq::chunk::split;
use wordfreq::count::counting_pool;
use wordfreq::count_text;
use wordfreq::fanout::{fan_out, fan_out_scoped};
use wordfreq::normalize::normalize_all;
use workerpool::v2::{Pool, Worker};

#[test]
fn counts_are_sorted_by_frequency_then_word() {
    let counts = count_text(&["b a\nc b", "a b"], 2).unwrap();
    assert_eq!(
        counts,
        vec![
            ("b".to_string(), 3),
            ("a".to_string(), 2),
            ("c".to_string(), 1)
        ]
    );
}

#[test]
fn chunks_hold_at_most_n_lines() {
    let chunks = split(0, "1\n2\n3\n4\n5", 2);
    assert_eq!(chunks.len(), 3);
    assert_eq!(chunks[2].text, "5");
}

#[test]
fn counting_pool_hands_back_its_worker() {
    let (done, _rx) = mpsc::channel();
    let (pool, counter) = counting_pool(2, Arc::new(Mutex::new(HashMap::new())), done).unwrap();
    assert_eq!(pool.workers_num(), 2);
    pool.add_worker(&counter).unwrap();
    assert_eq!(pool.workers_num(), 3);
    pool.remove_worker(&counter).unwrap();
    pool.remove_worker(&counter).unwrap();
    assert_eq!(pool.workers_num(), 1);
}

#[test]
fn fan_out_works_for_any_job_type() {
    let pool = Pool::new(4);
    let (tx, rx) = mpsc::channel::<u32>();
    let doubler = Worker::new(move |n: u32| tx.send(n * 2).unwrap());
    pool.add_worker(&doubler).unwrap();
    pool.add_worker(&doubler).unwrap();
    let queued = fan_out_scoped(&pool, vec![vec![1u32, 2], vec![3], vec![4, 5, 6]]).unwrap();
    assert_eq!(queued, 6);
    let mut got: Vec<u32> = rx.iter().take(6).collect();
    got.sort();
    assert_eq!(got, vec![2, 4, 6, 8, 10, 12]);
}

#[test]
fn fan_out_to_a_pool_without_workers_fails() {
    let pool = Pool::new(2);
    let err = fan_out(&pool, vec![1u8, 2]).unwrap_err();
    assert!(matches!(err, workerpool::v2::Error::NoWorkers));
}

#[test]
fn normalize_keeps_order() {
    let words = normalize_all(&["Cats", "glass", "Dog"], 3).unwrap();
    assert_eq!(words, vec!["cat", "glass", "dog"]);
}
