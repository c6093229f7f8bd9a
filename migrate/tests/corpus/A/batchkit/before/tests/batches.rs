use batchkit::{run_batch, BatchError, PoolExt};
use workerpool::{Pool, Worker};

#[test]
fn strings_in_a_batch() {
    let words: Vec<String> = ["pear", "fig", "banana"].iter().map(|s| s.to_string()).collect();
    let lens = run_batch(words, 3, |w: String| w.len()).unwrap();
    assert_eq!(lens, [4, 3, 6]);
}

#[test]
fn large_batch_single_thread() {
    let out = run_batch((0..2000u32).collect(), 1, |n| n % 3).unwrap();
    assert_eq!(out.iter().filter(|&&r| r == 0).count(), 667);
}

#[test]
fn batch_error_displays() {
    let err = run_batch(Vec::<u8>::new(), 0, |n| n).unwrap_err();
    assert!(matches!(err, BatchError::NoThreads));
    assert_eq!(err.to_string(), "a batch needs at least one thread");
}

#[test]
fn ext_on_a_plain_pool() {
    let pool = Pool::new(2);
    let (tx, rx) = std::sync::mpsc::channel();
    let worker = Worker::new(move |s: &'static str| tx.send(s.len()).unwrap());
    pool.ensure_workers(&worker, 2).unwrap();
    pool.submit_all(["a", "bb", "ccc"]).unwrap();
    let mut lens: Vec<usize> = rx.iter().take(3).collect();
    lens.sort();
    assert_eq!(lens, [1, 2, 3]);
}
