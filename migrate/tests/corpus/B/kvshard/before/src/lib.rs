//! kvshard: keys hash to shards; each shard's table is touched only by its pool's workers.

mod engine;
pub mod op;
mod shard;

pub use op::{Op, Reply};
pub use shard::{open_shards, Shard, StoreError};

use std::collections::HashMap;
use std::sync::mpsc;

/// The store: a map from shard number to shard.
pub struct Store {
    shards: HashMap<usize, Shard>,
}

impl Store {
    pub fn open(n: usize) -> Result<Store, StoreError> {
        Ok(Store { shards: open_shards(n)? })
    }

    fn shard_for(&self, key: &str) -> &Shard {
        let h = key.bytes().fold(5381u64, |h, b| h.wrapping_mul(33) ^ b as u64);
        &self.shards[&((h % self.shards.len() as u64) as usize)]
    }

    pub fn put(&self, key: &str, value: &[u8]) -> Result<(), StoreError> {
        self.shard_for(key).send(Op::Put(key.to_string(), value.to_vec()))
    }

    pub fn delete(&self, key: &str) -> Result<(), StoreError> {
        self.shard_for(key).send(Op::Delete(key.to_string()))
    }

    pub fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let (tx, rx) = mpsc::channel();
        self.shard_for(key).send(Op::Get(key.to_string(), tx))?;
        match rx.recv().map_err(|_| StoreError::Gone)? {
            Reply::Value(v) => Ok(v),
            other => unreachable!("a get answers with a value, not {other:?}"),
        }
    }

    /// Every key and value, sorted by key; waits for the writes queued before it.
    pub fn dump(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let (tx, rx) = mpsc::channel();
        for shard in self.shards.values() {
            shard.send(Op::Dump(tx.clone()))?;
        }
        drop(tx);
        let mut all = Vec::new();
        for reply in rx {
            if let Reply::Entries(entries) = reply {
                all.extend(entries);
            }
        }
        all.sort();
        Ok(all)
    }

    /// More workers on every shard, for a bulk load of distinct keys.
    pub fn bulk_mode(&self, on: bool) -> Result<(), StoreError> {
        for shard in self.shards.values() {
            if on { shard.grow()? } else { shard.shrink()? }
        }
        Ok(())
    }

    /// Loads distinct keys with every shard in bulk mode; returns once all are stored.
    pub fn bulk_load(&self, items: impl IntoIterator<Item = (String, Vec<u8>)>) -> Result<usize, StoreError> {
        self.bulk_mode(true)?;
        let (tx, rx) = mpsc::channel();
        let mut n = 0;
        for (k, v) in items {
            self.shard_for(&k).send(Op::Load(k, v, tx.clone()))?;
            n += 1;
        }
        rx.iter().take(n).for_each(drop);
        self.bulk_mode(false)?;
        Ok(n)
    }

    pub fn workers(&self) -> usize {
        self.shards.values().map(Shard::workers).sum()
    }
}
