//! The engine: one pool, one converter `Worker`, scaled by adding or removing instances of it.

use std::sync::mpsc;
use std::sync::Arc;

use workerpool::v2::{Pool, Worker};

use crate::convert::{converter, Converted, Entry};
use crate::error::LedgerError;
use crate::rates::RateTable;

pub struct Engine {
    pool: Pool,
    converter: Worker,
}

impl Engine {
    pub fn new(rates: RateTable, queue: usize) -> Engine {
        Engine {
            pool: Pool::new(queue),
            converter: Worker::new(converter(Arc::new(rates))),
        }
    }

    pub fn threads(&self) -> usize {
        self.pool.workers_num()
    }

    /// Adds or removes converter instances until `n` run.
    pub fn scale_to(&self, n: usize) -> Result<(), LedgerError> {
        while self.pool.workers_num() < n {
            self.pool.add_worker(&self.converter)?;
        }
        while self.pool.workers_num() > n {
            self.pool.remove_worker(&self.converter)?;
        }
        Ok(())
    }

    /// Converts every entry; the result is sorted by id. The first failed entry fails the batch.
    pub fn convert_all(&self, entries: Vec<Entry>) -> Result<Vec<Converted>, LedgerError> {
        let (tx, rx) = mpsc::channel::<Result<Converted, LedgerError>>();
        let count = entries.len();
        for entry in entries {
            self.pool.delegate((entry, tx.clone()))?;
        }
        drop(tx);
        let mut done = Vec::with_capacity(count);
        for _ in 0..count {
            done.push(rx.recv().map_err(|_| LedgerError::Lost)??);
        }
        done.sort_by_key(|c| c.id);
        Ok(done)
    }

    pub fn shutdown(self) {
        self.pool.stop();
    }
}
