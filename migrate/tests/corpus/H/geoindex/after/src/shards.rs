use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use workerpool::{Pool, SharedWorker};

pub struct Shards {
    pools: Vec<Pool<crate::cells::Lookup>>,
    worker: SharedWorker<crate::cells::Lookup>,
}

impl Shards {
    pub fn new(count: usize, per_shard: usize, worker: SharedWorker<crate::cells::Lookup>) -> Result<Shards, workerpool::Error> {
        let pools: Vec<Pool<crate::cells::Lookup>> = (0..count).map(|_| Pool::<crate::cells::Lookup>::new(8)).collect();
        for pool in &pools {
            for _ in 0..per_shard {
                pool.add_shared_worker(&worker);
            }
        }
        Ok(Shards { pools, worker })
    }

    pub fn for_key(&self, key: &str) -> &Pool<crate::cells::Lookup> {
        let mut h = DefaultHasher::new();
        key.hash(&mut h);
        &self.pools[(h.finish() as usize) % self.pools.len()]
    }

    pub fn total_workers(&self) -> usize {
        self.pools.iter().map(|p| p.workers()).sum()
    }

    /// Takes one instance of the shard worker out of every pool.
    pub fn shrink(&self) -> Result<(), workerpool::Error> {
        for pool in &self.pools {
            if pool.workers() > 1 {
                pool.remove_shared_worker(&self.worker);
            }
        }
        Ok(())
    }
}
