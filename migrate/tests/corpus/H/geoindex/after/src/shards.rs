use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use workerpool::Pool;

pub struct Shards {
    pools: Vec<Pool<(String, f64, f64, std::sync::mpsc::Sender<(String, String)>)>>,
    worker: (std::sync::Arc<dyn Fn((String, f64, f64, std::sync::mpsc::Sender<(String, String)>)) + Send + Sync>, std::sync::Arc<std::sync::Mutex<Vec<workerpool::WorkerHandle>>>),
}

impl Shards {
    pub fn new(count: usize, per_shard: usize, worker: (std::sync::Arc<dyn Fn((String, f64, f64, std::sync::mpsc::Sender<(String, String)>)) + Send + Sync>, std::sync::Arc<std::sync::Mutex<Vec<workerpool::WorkerHandle>>>)) -> Result<Shards, workerpool::Error> {
        let pools: Vec<Pool<(String, f64, f64, std::sync::mpsc::Sender<(String, String)>)>> = (0..count).map(|_| Pool::<(String, f64, f64, std::sync::mpsc::Sender<(String, String)>)>::new(8)).collect();
        for pool in &pools {
            for _ in 0..per_shard {
                worker.1.lock().unwrap().push(pool.add_worker({ let work = std::sync::Arc::clone(&worker.0); move |job| work(job) }));
            }
        }
        Ok(Shards { pools, worker })
    }

    pub fn for_key(&self, key: &str) -> &Pool<(String, f64, f64, std::sync::mpsc::Sender<(String, String)>)> {
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
                { let pool = &pool; let mut handles = self.worker.1.lock().unwrap(); if let Some(newest) = handles.iter().rposition(|h| h.is_worker_of(pool)) { handles.remove(newest).remove(); } };
            }
        }
        Ok(())
    }
}
