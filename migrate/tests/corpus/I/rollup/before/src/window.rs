use crate::sample::Sample;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    pub count: u64,
    pub sum: i64,
    pub min: i64,
    pub max: i64,
}

impl Stats {
    fn new(v: i64) -> Stats {
        Stats { count: 1, sum: v, min: v, max: v }
    }

    fn add(&mut self, v: i64) {
        self.count += 1;
        self.sum += v;
        self.min = self.min.min(v);
        self.max = self.max.max(v);
    }

    pub fn mean(&self) -> i64 {
        self.sum / self.count as i64
    }
}

/// (metric, window start) -> stats, shared by the aggregate workers.
#[derive(Clone, Default)]
pub struct Table(Arc<Mutex<BTreeMap<(String, u64), Stats>>>);

impl Table {
    pub fn record(&self, sample: &Sample, window_secs: u64) {
        let start = sample.ts - sample.ts % window_secs;
        let mut map = self.0.lock().unwrap();
        map.entry((sample.metric.clone(), start))
            .and_modify(|s| s.add(sample.value))
            .or_insert_with(|| Stats::new(sample.value));
    }

    pub fn snapshot(&self) -> Vec<((String, u64), Stats)> {
        self.0.lock().unwrap().iter().map(|(k, v)| (k.clone(), *v)).collect()
    }
}
