//! Process-wide counters, bumped from a background pool so callers never wait on them.

use std::collections::BTreeMap;
use std::sync::{LazyLock, Mutex};

use workerpool::Pool;

static COUNTERS: Mutex<BTreeMap<&'static str, u64>> = Mutex::new(BTreeMap::new());

static METRICS: LazyLock<Pool<(&'static str, u64)>> = LazyLock::new(|| {
    let pool = Pool::<(&'static str, u64)>::new(1024);
    pool.add_worker(|(name, by): (&'static str, u64)| {
        *COUNTERS.lock().unwrap().entry(name).or_insert(0) += by;
    });
    pool
});

pub fn bump(name: &'static str, by: u64) {
    METRICS.delegate((name, by)).expect("the metrics pool has its worker");
}

/// The counters once every bump so far has landed (`expected_total` of them summed).
pub fn snapshot(expected_total: u64) -> BTreeMap<&'static str, u64> {
    loop {
        let c = COUNTERS.lock().unwrap().clone();
        if c.values().sum::<u64>() >= expected_total {
            return c;
        }
        drop(c);
        std::thread::yield_now();
    }
}
