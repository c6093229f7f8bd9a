use workerpool::{Pool, Worker};

pub struct Shards {
    pools: Vec<Pool>,
    worker: Worker,
}

impl Shards {
    pub fn new(count: usize, per_shard: usize, worker: Worker) -> Result<Shards, workerpool::Error> {
        let pools: Vec<Pool> = (0..count).map(|_| Pool::new(4)).collect();
        for pool in &pools {
            for _ in 0..per_shard {
                pool.add_worker(&worker)?;
            }
        }
        Ok(Shards { pools, worker })
    }

    pub fn for_key(&self, key: &str) -> &Pool {
        &self.pools[key.len() % self.pools.len()]
    }

    /// The workers of each pool.
    pub fn workers(&self) -> Vec<usize> {
        self.pools.iter().map(|p| p.workers_num()).collect()
    }

    /// Takes one instance of the worker out of every pool that has more than one.
    pub fn shrink(&self) -> Result<(), workerpool::Error> {
        for pool in &self.pools {
            if pool.workers_num() > 1 {
                pool.remove_worker(&self.worker)?;
            }
        }
        Ok(())
    }
}
