//! A fixed set of pools; a host always goes to the same shard unless that shard has no probes left.

use std::fmt;
use std::sync::mpsc::Sender;
use std::sync::Arc;

use crate::certdb::CertDb;
use crate::inspect::{inspect, Probe, Report};

#[derive(Debug)]
pub enum ShardError {
    AllDown,
    NoSuchShard(usize),
    Pool(workerpool::Error),
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardError::AllDown => f.write_str("every shard is down"),
            ShardError::NoSuchShard(i) => write!(f, "no shard {i}"),
            ShardError::Pool(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ShardError {}

impl From<workerpool::Error> for ShardError {
    fn from(e: workerpool::Error) -> Self {
        ShardError::Pool(e)
    }
}

pub struct Shards {
    pools: Vec<workerpool::Pool<Probe>>,
    probes: Vec<workerpool::SharedWorker<Probe>>,
}

fn shard_of(host: &str, n: usize) -> usize {
    host.bytes().map(usize::from).sum::<usize>() % n
}

impl Shards {
    /// `n` shards with `per_shard` probe threads each, all reading the same table.
    pub fn start(db: Arc<CertDb>, n: usize, per_shard: usize) -> Result<Shards, ShardError> {
        let mut pools = Vec::with_capacity(n);
        let mut probes = Vec::with_capacity(n);
        for _ in 0..n {
            let db = Arc::clone(&db);
            let probe = workerpool::SharedWorker::new(move |p: Probe| inspect(&db, p));
            let pool = workerpool::Pool::<Probe>::new(8);
            for _ in 0..per_shard {
                pool.add_shared_worker(&probe);
            }
            pools.push(pool);
            probes.push(probe);
        }
        Ok(Shards { pools, probes })
    }

    pub fn len(&self) -> usize {
        self.pools.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pools.is_empty()
    }

    pub fn probes_per_shard(&self) -> Vec<usize> {
        self.pools.iter().map(|p| p.workers()).collect()
    }

    /// Takes shard `i` out of rotation: its probes stop, its hosts go to the next live shard.
    pub fn drain(&self, i: usize) -> Result<(), ShardError> {
        let pool = self.pools.get(i).ok_or(ShardError::NoSuchShard(i))?;
        while pool.workers() > 0 {
            pool.remove_shared_worker(&self.probes[i]);
        }
        Ok(())
    }

    /// Puts shard `i` back with `n` probes.
    pub fn restore(&self, i: usize, n: usize) -> Result<(), ShardError> {
        let pool = self.pools.get(i).ok_or(ShardError::NoSuchShard(i))?;
        for _ in 0..n {
            pool.add_shared_worker(&self.probes[i]);
        }
        Ok(())
    }

    pub fn submit(&self, host: &str, reply: &Sender<Report>) -> Result<usize, ShardError> {
        let home = shard_of(host, self.len());
        let shard = (0..self.len())
            .map(|k| (home + k) % self.len())
            .find(|&i| self.pools[i].workers() > 0)
            .ok_or(ShardError::AllDown)?;
        self.pools[shard].delegate(Probe {
            host: host.to_string(),
            shard,
            reply: reply.clone(),
        }).map_err(workerpool::Error::from)?;
        Ok(shard)
    }

    pub fn shutdown(&self) {
        for pool in &self.pools {
            pool.stop();
        }
    }
}
