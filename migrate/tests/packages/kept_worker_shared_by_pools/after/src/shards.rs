use workerpool::{Pool, SharedWorker};

pub struct Shards {
    pools: Vec<Pool<crate::words::Job>>,
    worker: SharedWorker<crate::words::Job>,
}

impl Shards {
    pub fn new(count: usize, per_shard: usize, worker: SharedWorker<crate::words::Job>) -> Result<Shards, workerpool::Error> {
        let pools: Vec<Pool<crate::words::Job>> = (0..count).map(|_| Pool::<crate::words::Job>::new(4)).collect();
        for pool in &pools {
            for _ in 0..per_shard {
                pool.add_shared_worker(&worker);
            }
        }
        Ok(Shards { pools, worker })
    }

    pub fn for_key(&self, key: &str) -> &Pool<crate::words::Job> {
        &self.pools[key.len() % self.pools.len()]
    }

    /// The workers of each pool.
    pub fn workers(&self) -> Vec<usize> {
        self.pools.iter().map(|p| p.workers()).collect()
    }

    /// Takes one instance of the worker out of every pool that has more than one.
    pub fn shrink(&self) -> Result<(), workerpool::Error> {
        for pool in &self.pools {
            if pool.workers() > 1 {
                pool.remove_shared_worker(&self.worker);
            }
        }
        Ok(())
    }
}
