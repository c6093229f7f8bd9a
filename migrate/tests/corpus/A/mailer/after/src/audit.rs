//! An audit trail written by one background worker of a global pool.

use std::sync::{Mutex, OnceLock};

use workerpool::Pool;

static AUDIT: OnceLock<Pool<String>> = OnceLock::new();
static TRAIL: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn pool() -> &'static Pool<String> {
    AUDIT.get_or_init(|| {
        let pool = Pool::<String>::new(256);
        let writer = |line: String| TRAIL.lock().unwrap().push(line);
        pool.add_worker(writer);
        pool
    })
}

pub fn record(line: String) {
    // Auditing must never stop the mail going out.
    if let Err(e) = pool().delegate(line) {
        eprintln!("audit: {e}");
    }
}

/// Waits until the trail has at least `n` lines, then returns them sorted.
pub fn trail_of_at_least(n: usize) -> Vec<String> {
    loop {
        {
            let trail = TRAIL.lock().unwrap();
            if trail.len() >= n {
                let mut lines = trail.clone();
                lines.sort();
                return lines;
            }
        }
        std::thread::yield_now();
    }
}
