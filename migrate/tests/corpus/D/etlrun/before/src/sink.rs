use std::collections::BTreeMap;
use std::sync::Mutex;

use crate::record::Record;

/// Where loaded batches end up.
pub trait Sink: Send + Sync + 'static {
    fn load(&self, batch: &[Record]) -> Result<usize, String>;
}

/// Keeps every record, keyed by id; refuses duplicates.
#[derive(Default)]
pub struct MemorySink {
    rows: Mutex<BTreeMap<u32, Record>>,
}

impl MemorySink {
    pub fn rows(&self) -> Vec<Record> {
        self.rows.lock().unwrap().values().cloned().collect()
    }

    pub fn total_by_country(&self) -> BTreeMap<String, i64> {
        let mut out = BTreeMap::new();
        for r in self.rows.lock().unwrap().values() {
            *out.entry(r.country.clone()).or_insert(0) += r.amount_cents;
        }
        out
    }
}

impl Sink for MemorySink {
    fn load(&self, batch: &[Record]) -> Result<usize, String> {
        let mut rows = self.rows.lock().unwrap();
        for r in batch {
            if rows.contains_key(&r.id) {
                return Err(format!("duplicate id {}", r.id));
            }
        }
        for r in batch {
            rows.insert(r.id, r.clone());
        }
        Ok(batch.len())
    }
}
