//! Where processed readings end up.
use crate::reading::Reading;
use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex};
use std::time::Duration;

pub trait Sink: Send + Sync {
    fn accept(&self, lane: &str, reading: &Reading);
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    pub count: u32,
    pub min: i64,
    pub max: i64,
    pub sum: i64,
}

/// Keeps min/max/sum per (lane, sensor) and lets callers wait for a number of readings.
#[derive(Default)]
pub struct Aggregator {
    stats: Mutex<(usize, BTreeMap<(String, String), Summary>)>,
    arrived: Condvar,
}

impl Aggregator {
    pub fn new() -> Self {
        Self::default()
    }

    /// Waits until `n` readings arrived in total; false on timeout.
    pub fn wait_for(&self, n: usize, timeout: Duration) -> bool {
        let guard = self.stats.lock().unwrap();
        let (guard, res) = self.arrived.wait_timeout_while(guard, timeout, |(seen, _)| *seen < n).unwrap();
        drop(guard);
        !res.timed_out()
    }

    pub fn snapshot(&self) -> Vec<((String, String), Summary)> {
        let guard = self.stats.lock().unwrap();
        guard.1.iter().map(|(k, v)| (k.clone(), *v)).collect()
    }

    pub fn total(&self) -> usize {
        self.stats.lock().unwrap().0
    }
}

impl Sink for Aggregator {
    fn accept(&self, lane: &str, r: &Reading) {
        let mut guard = self.stats.lock().unwrap();
        guard.0 += 1;
        let s = guard.1.entry((lane.to_string(), r.sensor.clone())).or_insert(Summary {
            count: 0,
            min: i64::MAX,
            max: i64::MIN,
            sum: 0,
        });
        s.count += 1;
        s.min = s.min.min(r.milli);
        s.max = s.max.max(r.milli);
        s.sum += r.milli;
        self.arrived.notify_all();
    }
}
