use std::collections::BTreeMap;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use workerpool::{Pool, SharedWorker};

use crate::error::{ShipError, ShipResult};
use crate::parser;
use crate::record::*;

/// Both stages share their pool with whoever holds the shipper.
pub type SharedPool<J> = Arc<Pool<J>>;

type Index = Arc<Mutex<BTreeMap<(String, Level), usize>>>;

/// The summary of one shipped batch.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub shipped: usize,
    pub by_service: BTreeMap<(String, Level), usize>,
    pub rejected: Vec<String>,
}

pub struct Shipper {
    parse_pool: SharedPool<ParseJob>,
    parse_worker: SharedWorker<ParseJob>,
    index_pool: SharedPool<IndexJob>,
    index_worker: SharedWorker<IndexJob>,
    index: Index,
}

impl Shipper {
    pub fn new(parsers: usize) -> ShipResult<Shipper> {
        let parse_pool: SharedPool<ParseJob> = Arc::new(Pool::<ParseJob>::new(64));
        let parse_worker = SharedWorker::new(|(line, reply): ParseJob| {
            let outcome = parser::parse_line(&line);
            let _ = reply.send(outcome);
        });
        for _ in 0..parsers.max(1) {
            parse_pool.add_shared_worker(&parse_worker);
        }

        let index: Index = Arc::new(Mutex::new(BTreeMap::new()));
        let index_pool = Arc::new(Pool::<IndexJob>::new(16));
        let sink = Arc::clone(&index);
        let index_worker = SharedWorker::new(move |(parsed, ack): IndexJob| {
            let mut map = sink.lock().unwrap();
            *map.entry((parsed.service.clone(), parsed.level)).or_insert(0) += 1;
            let _ = ack.send(parsed.seq);
        });
        index_pool.add_shared_worker(&index_worker);

        Ok(Shipper {
            parse_pool,
            parse_worker,
            index_pool,
            index_worker,
            index,
        })
    }

    /// The parse pool, for callers that want to queue their own lines.
    pub fn parse_pool(&self) -> SharedPool<ParseJob> {
        Arc::clone(&self.parse_pool)
    }

    pub fn parsers(&self) -> usize {
        self.parse_pool.workers()
    }

    /// Adds parser threads (same worker, more instances).
    pub fn grow(&self, extra: usize) -> ShipResult<()> {
        let worker = self.parse_worker.clone();
        for _ in 0..extra {
            self.parse_pool.add_shared_worker(&worker);
        }
        Ok(())
    }

    /// Removes parser threads, keeping at least one.
    pub fn shrink(&self, by: usize) -> ShipResult<()> {
        for _ in 0..by {
            if self.parse_pool.workers() <= 1 {
                break;
            }
            self.parse_pool.remove_shared_worker(&self.parse_worker);
        }
        Ok(())
    }

    pub fn ship<S: AsRef<str>>(&self, lines: &[S]) -> ShipResult<Report> {
        let (tx, rx) = mpsc::channel::<Result<Parsed, ShipError>>();
        for (seq, raw) in lines.iter().enumerate() {
            let line = LogLine {
                seq: seq + 1,
                raw: raw.as_ref().to_string(),
            };
            self.parse_pool.delegate((line, tx.clone())).map_err(workerpool::Error::from)?;
        }
        drop(tx);

        let mut parsed = Vec::new();
        let mut rejected = Vec::new();
        for _ in 0..lines.len() {
            match rx.recv().map_err(|_| ShipError::Disconnected("parse"))? {
                Ok(p) => parsed.push(p),
                Err(e) => rejected.push(e),
            }
        }
        rejected.sort_by_key(|e| match e {
            ShipError::Parse { seq, .. } => *seq,
            _ => usize::MAX,
        });

        let (ack_tx, ack_rx) = mpsc::channel::<usize>();
        let count = parsed.len();
        for p in parsed {
            self.index_pool.delegate((p, ack_tx.clone())).map_err(workerpool::Error::from)?;
        }
        let mut acked: Vec<usize> = Vec::with_capacity(count);
        for _ in 0..count {
            acked.push(ack_rx.recv().map_err(|_| ShipError::Disconnected("index"))?);
        }
        acked.sort_unstable();

        let by_service = std::mem::take(&mut *self.index.lock().unwrap());
        Ok(Report {
            shipped: acked.len(),
            by_service,
            rejected: rejected.iter().map(|e| e.to_string()).collect(),
        })
    }

    pub fn shutdown(self) -> ShipResult<()> {
        self.index_pool.remove_shared_worker(&self.index_worker);
        self.parse_pool.stop();
        self.index_pool.stop();
        Ok(())
    }
}
