//! Sinks: where metrics go. The pooled one aggregates on a worker pool.

use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};

use workerpool::*;

use crate::metric::Metric;
use crate::scale::Scaler;
use crate::store::{Snapshot, Store};
use crate::workers;
use crate::Result;

pub trait Sink {
    fn name(&self) -> &str;
    fn record(&mut self, metric: Metric) -> Result<()>;
    /// Wait until every recorded metric is accounted for, and return the totals.
    fn flush(&mut self) -> Result<Snapshot>;
    /// Resize for a backlog; returns the workers now running.
    fn scale_for(&mut self, _backlog: usize) -> Result<usize> {
        Ok(0)
    }
}

/// Drops everything; used to measure overhead.
#[derive(Default)]
pub struct NullSink {
    seen: usize,
}

impl Sink for NullSink {
    fn name(&self) -> &str {
        "null"
    }

    fn record(&mut self, _metric: Metric) -> Result<()> {
        self.seen += 1;
        Ok(())
    }

    fn flush(&mut self) -> Result<Snapshot> {
        Ok(Snapshot::new())
    }
}

pub struct PooledSink {
    name: String,
    pool: Arc<Pool<Metric>>,
    base: workerpool::SharedWorker<Metric>,
    scaler: Scaler,
    store: Arc<Mutex<Store>>,
    acks: Receiver<()>,
    pending: usize,
}

impl PooledSink {
    pub fn new(name: &str, workers: usize) -> Result<Self> {
        let pool = Arc::new(Pool::<Metric>::new(64));
        let store = Arc::new(Mutex::new(Store::default()));
        let (ack_tx, acks) = mpsc::channel();
        let base = workers::aggregator(Arc::clone(&store), ack_tx);
        for _ in 0..workers {
            pool.add_shared_worker(&base);
        }
        let scaler = Scaler::new(Arc::clone(&pool), base.clone(), 1, 4);
        Ok(PooledSink {
            name: name.to_string(),
            pool,
            base,
            scaler,
            store,
            acks,
            pending: 0,
        })
    }

    pub fn workers(&self) -> usize {
        self.pool.workers()
    }

    /// Stop taking metrics; what is queued stays unprocessed.
    pub fn close(&mut self) {
        self.pool.stop();
    }
}

impl Sink for PooledSink {
    fn name(&self) -> &str {
        &self.name
    }

    fn record(&mut self, metric: Metric) -> Result<()> {
        self.pool.delegate(metric)?;
        self.pending += 1;
        Ok(())
    }

    fn flush(&mut self) -> Result<Snapshot> {
        while self.pending > 0 {
            self.acks.recv()?;
            self.pending -= 1;
        }
        Ok(self.store.lock().unwrap().snapshot())
    }

    fn scale_for(&mut self, backlog: usize) -> Result<usize> {
        Ok(self.scaler.adjust(backlog)?)
    }
}

impl Drop for PooledSink {
    fn drop(&mut self) {
        let _ = self.pool.remove_shared_worker(&self.base);
        self.pool.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(line: &str) -> Metric {
        line.parse().unwrap()
    }

    #[test]
    fn pooled_sink_aggregates_every_metric() {
        let mut sink = PooledSink::new("t", 3).unwrap();
        for line in ["a:1|x", "a:5|x", "a:3|x", "b:7|y"] {
            sink.record(m(line)).unwrap();
        }
        let snap = sink.flush().unwrap();
        assert_eq!(snap["a.x"].count, 3);
        assert_eq!(snap["a.x"].sum, 9);
        assert_eq!(snap["a.x"].max, 5);
        assert_eq!(snap["b.y"].sum, 7);
    }

    #[test]
    fn scaling_is_clamped() {
        let mut sink = PooledSink::new("t", 2).unwrap();
        assert_eq!(sink.scale_for(0).unwrap(), 1);
        assert_eq!(sink.scale_for(35).unwrap(), 4);
        assert_eq!(sink.scale_for(10_000).unwrap(), 4);
        assert_eq!(sink.workers(), 4);
    }

    #[test]
    fn dropping_the_sink_stops_its_pool() {
        let sink = PooledSink::new("t", 2).unwrap();
        let pool = Arc::clone(&sink.pool);
        assert_eq!(pool.workers(), 2);
        drop(sink);
        assert_eq!(pool.workers(), 0);
    }

    #[test]
    fn record_after_close_fails() {
        let mut sink = PooledSink::new("t", 1).unwrap();
        sink.close();
        let err = sink.record(m("a:1|x")).unwrap_err();
        assert_eq!(err.to_string(), "there are no workers in the pool");
    }

    #[test]
    fn null_sink_counts_and_forgets() {
        let mut sink = NullSink::default();
        sink.record(m("a:1|x")).unwrap();
        assert_eq!(sink.seen, 1);
        assert!(sink.flush().unwrap().is_empty());
        assert_eq!(sink.scale_for(100).unwrap(), 0);
    }
}
