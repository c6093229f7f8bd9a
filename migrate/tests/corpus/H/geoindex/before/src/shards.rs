use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use workerpool::{Pool, Worker};

pub struct Shards {
    pools: Vec<Pool>,
    worker: Worker,
}

impl Shards {
    pub fn new(count: usize, per_shard: usize, worker: Worker) -> Result<Shards, workerpool::Error> {
        let pools: Vec<Pool> = (0..count).map(|_| Pool::new(8)).collect();
        for pool in &pools {
            for _ in 0..per_shard {
                pool.add_worker(&worker)?;
            }
        }
        Ok(Shards { pools, worker })
    }

    pub fn for_key(&self, key: &str) -> &Pool {
        let mut h = DefaultHasher::new();
        key.hash(&mut h);
        &self.pools[(h.finish() as usize) % self.pools.len()]
    }

    pub fn total_workers(&self) -> usize {
        self.pools.iter().map(|p| p.workers_num()).sum()
    }

    /// Takes one instance of the shard worker out of every pool.
    pub fn shrink(&self) -> Result<(), workerpool::Error> {
        for pool in &self.pools {
            if pool.workers_num() > 1 {
                pool.remove_worker(&self.worker)?;
            }
        }
        Ok(())
    }
}
