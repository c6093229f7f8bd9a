use crate::record::{Batch, Level};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Where batches end up. Called from the shipper threads, so it must be shareable.
pub trait Sink: Send + Sync {
    fn name(&self) -> &str;
    /// Stores the batch and returns a short summary line for the receipt.
    fn accept(&self, batch: &Batch) -> String;
}

/// Keeps every shipped line in memory (for tests and dry runs).
#[derive(Default)]
pub struct MemorySink {
    lines: Mutex<Vec<String>>,
}

impl MemorySink {
    pub fn lines(&self) -> Vec<String> {
        let mut lines = self.lines.lock().unwrap().clone();
        lines.sort();
        lines
    }
}

impl Sink for MemorySink {
    fn name(&self) -> &str {
        "memory"
    }

    fn accept(&self, batch: &Batch) -> String {
        let mut lines = self.lines.lock().unwrap();
        for r in &batch.records {
            lines.push(format!("{:03} {} [{}] {}", r.seq, r.level, r.service, r.message));
        }
        format!("{} records", batch.records.len())
    }
}

/// Only counts; what a "null" sink would do in production.
#[derive(Default)]
pub struct CountingSink {
    records: AtomicUsize,
    errors: AtomicUsize,
}

impl CountingSink {
    pub fn totals(&self) -> (usize, usize) {
        (
            self.records.load(Ordering::SeqCst),
            self.errors.load(Ordering::SeqCst),
        )
    }
}

impl Sink for CountingSink {
    fn name(&self) -> &str {
        "counting"
    }

    fn accept(&self, batch: &Batch) -> String {
        let errors = batch
            .records
            .iter()
            .filter(|r| r.level >= Level::Error)
            .count();
        self.records.fetch_add(batch.records.len(), Ordering::SeqCst);
        self.errors.fetch_add(errors, Ordering::SeqCst);
        format!("{} records, {} errors", batch.records.len(), errors)
    }
}
