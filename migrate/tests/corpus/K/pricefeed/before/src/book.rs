//! The book: volume-weighted average price per symbol.
use crate::quote::Quote;
use std::collections::BTreeMap;
use std::sync::Mutex;

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    pub volume: u64,
    pub notional: u64,
    pub quotes: u32,
}

impl Level {
    pub fn vwap(&self) -> u64 {
        if self.volume == 0 { 0 } else { self.notional / self.volume }
    }
}

#[derive(Default)]
pub struct Book {
    levels: Mutex<BTreeMap<String, Level>>,
}

impl Book {
    pub fn apply(&self, q: &Quote) {
        let mut levels = self.levels.lock().unwrap();
        let l = levels.entry(q.symbol.clone()).or_default();
        l.volume += q.size;
        l.notional += q.size * q.cents;
        l.quotes += 1;
    }

    pub fn levels(&self) -> Vec<(String, Level)> {
        self.levels.lock().unwrap().iter().map(|(s, l)| (s.clone(), *l)).collect()
    }
}
