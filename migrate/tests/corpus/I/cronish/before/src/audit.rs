//! An audit trail written off the scheduling thread.

use std::sync::{LazyLock, Mutex};
use workerpool::{Pool, Worker};

static TRAIL: Mutex<Vec<String>> = Mutex::new(Vec::new());

static AUDIT: LazyLock<Pool> = LazyLock::new(|| {
    let pool = Pool::new(64);
    let writer = Worker::new(|entry: String| TRAIL.lock().unwrap().push(entry));
    pool.add_worker(&writer).expect("audit writer");
    pool
});

/// Records `entry`; never fails the caller, an audit line is not worth a crash.
pub fn record(entry: impl Into<String>) {
    if let Err(e) = AUDIT.delegate(entry.into()) {
        eprintln!("audit: {e}");
    }
}

/// How many audit lines are written so far.
pub fn written() -> usize {
    TRAIL.lock().unwrap().len()
}

/// Waits until at least `n` lines are written, then returns them sorted.
pub fn drain_sorted(n: usize) -> Vec<String> {
    while written() < n {
        std::thread::yield_now();
    }
    let mut lines = std::mem::take(&mut *TRAIL.lock().unwrap());
    lines.sort();
    lines
}
