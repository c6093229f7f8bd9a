//! Aggregates per series, shared by every worker.

use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Aggregate {
    pub count: u64,
    pub sum: i64,
    pub max: i64,
}

pub type Snapshot = BTreeMap<String, Aggregate>;

#[derive(Debug, Default)]
pub struct Store {
    series: Snapshot,
}

impl Store {
    pub fn add(&mut self, key: String, value: i64) {
        let agg = self.series.entry(key).or_default();
        agg.max = if agg.count == 0 {
            value
        } else {
            agg.max.max(value)
        };
        agg.count += 1;
        agg.sum += value;
    }

    pub fn snapshot(&self) -> Snapshot {
        self.series.clone()
    }
}
