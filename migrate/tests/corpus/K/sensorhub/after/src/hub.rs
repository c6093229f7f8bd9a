//! The hub: one lane (pool + worker) per sensor kind, and a lazily made overflow lane for unknown kinds.
use crate::reading::Reading;
use crate::scaler::Scaler;
use crate::sink::Sink;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use workerpool::{Pool, SharedWorker};

#[derive(Debug)]
pub enum HubError {
    Pool(workerpool::Error),
    ClosedLane(String),
}

impl fmt::Display for HubError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HubError::Pool(e) => write!(f, "lane pool: {}", e),
            HubError::ClosedLane(l) => write!(f, "lane {} is shut down", l),
        }
    }
}

impl std::error::Error for HubError {}

impl From<workerpool::Error> for HubError {
    fn from(e: workerpool::Error) -> Self {
        HubError::Pool(e)
    }
}

struct Lane {
    pool: Arc<Pool<Reading>>,
    worker: SharedWorker<Reading>,
    size: usize,
}

pub struct Hub<S: Sink + 'static> {
    lanes: HashMap<String, Lane>,
    overflow: Mutex<Option<Pool<Reading>>>,
    sink: Arc<S>,
    closed: Mutex<Vec<String>>,
}

fn lane_worker<S: Sink + 'static>(name: &str, sink: &Arc<S>) -> SharedWorker<Reading> {
    let sink = Arc::clone(sink);
    let name = name.to_string();
    SharedWorker::new(move |r: Reading| sink.accept(&name, &r))
}

impl<S: Sink + 'static> Hub<S> {
    pub fn new(sink: Arc<S>) -> Self {
        Hub { lanes: HashMap::new(), overflow: Mutex::new(None), sink, closed: Mutex::new(Vec::new()) }
    }

    /// Adds a lane for `kind` with `workers` threads.
    pub fn with_lane(mut self, kind: &str, workers: usize) -> Result<Self, HubError> {
        let pool = Arc::new(Pool::<Reading>::new(workers * 8));
        let worker = lane_worker(kind, &self.sink);
        for _ in 0..workers {
            pool.add_shared_worker(&worker);
        }
        self.lanes.insert(kind.to_string(), Lane { pool, worker, size: workers });
        Ok(self)
    }

    pub fn lanes(&self) -> Vec<(String, usize)> {
        let mut v: Vec<(String, usize)> =
            self.lanes.iter().map(|(k, l)| (k.clone(), l.pool.workers())).collect();
        v.sort();
        v
    }

    /// Routes a reading to its lane, or to the overflow lane, made on first use.
    pub fn ingest(&self, r: Reading) -> Result<(), HubError> {
        if self.closed.lock().unwrap().contains(&r.kind) {
            return Err(HubError::ClosedLane(r.kind));
        }
        match self.lanes.get(&r.kind) {
            Some(lane) => lane.pool.delegate(r).map_err(workerpool::Error::from)?,
            None => {
                let mut overflow = self.overflow.lock().unwrap();
                let pool = overflow.get_or_insert_with(|| {
                    let pool = Pool::<Reading>::new(4);
                    pool.add_shared_worker(&lane_worker("overflow", &self.sink));
                    pool
                });
                pool.delegate(r).map_err(workerpool::Error::from)?;
            }
        }
        Ok(())
    }

    pub fn scaler(&self, kind: &str) -> Option<Scaler> {
        self.lanes.get(kind).map(|l| Scaler { lane: kind.to_string(), pool: Arc::clone(&l.pool), worker: l.worker.clone() })
    }

    /// Takes every worker off a lane; its queue waits. Readings for it are refused meanwhile.
    pub fn pause(&self, kind: &str) -> Result<(), HubError> {
        if let Some(lane) = self.lanes.get(kind) {
            while lane.pool.workers() > 0 {
                lane.pool.remove_shared_worker(&lane.worker);
            }
        }
        Ok(())
    }

    /// Puts a paused lane back to its configured size.
    pub fn resume(&self, kind: &str) -> Result<(), HubError> {
        if let Some(lane) = self.lanes.get(kind) {
            while lane.pool.workers() < lane.size {
                lane.pool.add_shared_worker(&lane.worker);
            }
        }
        Ok(())
    }

    pub fn has_overflow(&self) -> bool {
        self.overflow.lock().unwrap().is_some()
    }

    /// Shuts one lane down for good.
    pub fn close_lane(&self, kind: &str) {
        if let Some(lane) = self.lanes.get(kind) {
            lane.pool.stop();
            self.closed.lock().unwrap().push(kind.to_string());
        }
    }

    pub fn sink(&self) -> &S {
        &self.sink
    }
}
