use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use workerpool::{Pool, SharedWorker};

use crate::engine::{self, Table};
use crate::op::Op;

#[derive(Debug)]
pub enum StoreError {
    Pool(workerpool::Error),
    Gone,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Pool(e) => write!(f, "shard: {e}"),
            StoreError::Gone => write!(f, "shard went away"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<workerpool::Error> for StoreError {
    fn from(e: workerpool::Error) -> Self {
        StoreError::Pool(e)
    }
}

/// A shard: cheap to clone, every clone feeds the same pool.
#[derive(Clone)]
pub struct Shard {
    pool: Arc<Pool<Op>>,
    worker: SharedWorker<Op>,
}

impl Shard {
    fn new(table: Table) -> Result<Shard, StoreError> {
        let pool = Arc::new(Pool::<Op>::new(64));
        let worker = engine::worker_for(table);
        pool.add_shared_worker(&worker);
        Ok(Shard { pool, worker })
    }

    pub fn send(&self, op: Op) -> Result<(), StoreError> {
        self.pool.delegate(op).map_err(workerpool::Error::from).map_err(StoreError::from)
    }

    pub fn grow(&self) -> Result<(), StoreError> {
        let extra = self.worker.clone();
        self.pool.add_shared_worker(&extra);
        Ok(())
    }

    pub fn shrink(&self) -> Result<(), StoreError> {
        if self.pool.workers() > 1 {
            self.pool.remove_shared_worker(&self.worker);
        }
        Ok(())
    }

    pub fn workers(&self) -> usize {
        self.pool.workers()
    }
}

/// `n` shards, numbered from 0.
pub fn open_shards(n: usize) -> Result<HashMap<usize, Shard>, StoreError> {
    let mut shards = HashMap::with_capacity(n);
    for i in 0..n {
        shards.insert(i, Shard::new(Table::default())?);
    }
    Ok(shards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grow_and_shrink() {
        let s = Shard::new(Table::default()).unwrap();
        let clone = s.clone();
        clone.grow().unwrap();
        assert_eq!(s.workers(), 2);
        s.shrink().unwrap();
        s.shrink().unwrap();
        assert_eq!(clone.workers(), 1);
    }
}
