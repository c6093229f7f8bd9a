use workerpool::Pool;

pub struct Shards {
    pools: Vec<Pool<(String, std::sync::mpsc::Sender<(String, usize)>)>>,
    worker: (std::sync::Arc<dyn Fn((String, std::sync::mpsc::Sender<(String, usize)>)) + Send + Sync>, std::sync::Arc<std::sync::Mutex<Vec<workerpool::WorkerHandle>>>),
}

impl Shards {
    pub fn new(count: usize, per_shard: usize, worker: (std::sync::Arc<dyn Fn((String, std::sync::mpsc::Sender<(String, usize)>)) + Send + Sync>, std::sync::Arc<std::sync::Mutex<Vec<workerpool::WorkerHandle>>>)) -> Result<Shards, workerpool::Error> {
        let pools: Vec<Pool<(String, std::sync::mpsc::Sender<(String, usize)>)>> = (0..count).map(|_| Pool::<(String, std::sync::mpsc::Sender<(String, usize)>)>::new(4)).collect();
        for pool in &pools {
            for _ in 0..per_shard {
                worker.1.lock().unwrap().push(pool.add_worker({ let work = std::sync::Arc::clone(&worker.0); move |job| work(job) }));
            }
        }
        Ok(Shards { pools, worker })
    }

    pub fn for_key(&self, key: &str) -> &Pool<(String, std::sync::mpsc::Sender<(String, usize)>)> {
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
                { let pool = &pool; let mut handles = self.worker.1.lock().unwrap(); if let Some(newest) = handles.iter().rposition(|h| h.is_worker_of(pool)) { handles.remove(newest).remove(); } };
            }
        }
        Ok(())
    }
}
