//! Checks lines on a pool the caller makes.
//!
//! ```
//! use workerpool::v2::{Pool, Worker};
//!
//! let pool = Pool::new(2);
//! pool.add_worker(&Worker::new(|s: String| assert!(!s.is_empty()))).unwrap();
//! doclib::check(&pool, "a line");
//! ```
use std::sync::mpsc;
use workerpool::Pool;

/// Sends `line` to be checked.
pub fn check(pool: &workerpool::v2::Pool, line: &str) {
    pool.delegate(line.to_string()).unwrap();
}

/// Sums numbers on a pool of its own.
///
/// ```
/// assert_eq!(doclib::sum(&[1, 2, 3]), 6);
/// ```
pub fn sum(numbers: &[u64]) -> u64 {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::<u64>::new(8);
    pool.add_worker(move |n: u64| tx.send(n).unwrap());
    for &n in numbers {
        pool.delegate(n).unwrap();
    }
    rx.iter().take(numbers.len()).sum()
}
