//! Exports report lines to named remote targets on a process-wide background thread.

use std::collections::BTreeMap;
use std::sync::{Condvar, LazyLock, Mutex, OnceLock};

use workerpool::v2::{Pool, Worker};

use crate::aggregator::Report;
use crate::error::AggError;

/// A line on its way to a target.
pub struct Export {
    pub target: String,
    pub line: String,
}

/// What every target has received (stands in for the network).
static REMOTE: LazyLock<(Mutex<BTreeMap<String, Vec<String>>>, Condvar)> =
    LazyLock::new(|| (Mutex::new(BTreeMap::new()), Condvar::new()));

static EXPORTER: OnceLock<Pool> = OnceLock::new();

fn exporter() -> &'static Pool {
    EXPORTER.get_or_init(|| {
        let pool = Pool::new(256);
        let worker = Worker::new(|e: Export| {
            let (lock, cv) = &*REMOTE;
            lock.lock()
                .unwrap()
                .entry(e.target)
                .or_default()
                .push(e.line);
            cv.notify_all();
        });
        pool.add_worker(&worker).expect("starting the exporter");
        pool
    })
}

/// Queues every line of `report` for `target`; returns how many.
pub fn export(target: &str, report: &Report) -> Result<usize, AggError> {
    let lines = report.lines();
    let n = lines.len();
    for line in lines {
        exporter().delegate(Export {
            target: target.to_string(),
            line,
        })?;
    }
    Ok(n)
}

/// Waits until `target` holds at least `n` lines and returns them all.
pub fn received(target: &str, n: usize) -> Vec<String> {
    let (lock, cv) = &*REMOTE;
    let mut remote = lock.lock().unwrap();
    loop {
        let have = remote.get(target).map_or(0, Vec::len);
        if have >= n {
            return remote.get(target).cloned().unwrap_or_default();
        }
        remote = cv.wait(remote).unwrap();
    }
}
