//! Ships rendered records to a sink on background workers.

use std::sync::{Arc, Mutex};

use workerpool::{Pool, SharedWorker};

use crate::error::ShipError;
use crate::parse::{Level, Record};

/// Where shipped lines end up. Shared by every worker.
#[derive(Clone, Default)]
pub struct Sink {
    lines: Arc<Mutex<Vec<String>>>,
}

impl Sink {
    pub fn new() -> Sink {
        Sink::default()
    }

    pub fn push(&self, line: String) {
        self.lines.lock().unwrap().push(line);
    }

    pub fn len(&self) -> usize {
        self.lines.lock().unwrap().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Everything shipped so far, sorted (workers ship in any order).
    pub fn sorted(&self) -> Vec<String> {
        let mut lines = self.lines.lock().unwrap().clone();
        lines.sort();
        lines
    }
}

pub struct Shipper {
    pool: Option<Pool<String>>,
    worker: Option<SharedWorker<String>>,
    sink: Sink,
    min_level: Level,
    shipped: usize,
}

impl Shipper {
    pub fn new(sink: Sink, min_level: Level) -> Shipper {
        Shipper { pool: None, worker: None, sink, min_level, shipped: 0 }
    }

    /// Starts `threads` shipping workers.
    pub fn start(&mut self, threads: usize) -> Result<(), ShipError> {
        let pool = Pool::<String>::new(64);
        let sink = self.sink.clone();
        let worker = SharedWorker::new(move |line: String| sink.push(line));
        for _ in 0..threads {
            pool.add_shared_worker(&worker);
        }
        self.pool = Some(pool);
        self.worker = Some(worker);
        Ok(())
    }

    pub fn threads(&self) -> usize {
        self.pool.as_ref().map_or(0, |p| p.workers())
    }

    /// Parses `text` and ships the records at or above the minimum level.
    pub fn ship_text(&mut self, text: &str) -> Result<usize, ShipError> {
        let pool = self.pool.as_ref().ok_or_else(|| ShipError::NotStarted)?;
        let mut sent = 0;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let record = Record::parse(line)
                .map_err(|reason| ShipError::Parse { line: i + 1, reason })?;
            if record.level >= self.min_level {
                pool.delegate(record.render()).map_err(workerpool::Error::from)?;
                sent += 1;
            }
        }
        self.shipped += sent;
        Ok(sent)
    }

    /// Waits until the sink has every line shipped so far.
    pub fn flush(&self) {
        while self.sink.len() < self.shipped {
            std::thread::yield_now();
        }
    }

    /// Takes one worker away, for a quieter period.
    pub fn scale_down(&self) -> Result<(), ShipError> {
        let pool = self.pool.as_ref().ok_or_else(|| ShipError::NotStarted)?;
        let worker = self.worker.as_ref().ok_or(ShipError::NotStarted)?;
        pool.remove_shared_worker(worker);
        Ok(())
    }

    pub fn shutdown(&mut self) {
        self.flush();
        if let Some(pool) = self.pool.take() {
            pool.stop();
        }
        self.worker = None;
    }
}

impl Drop for Shipper {
    fn drop(&mut self) {
        self.shutdown();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_started_is_an_error() {
        let mut s = Shipper::new(Sink::new(), Level::Info);
        assert!(matches!(s.ship_text("INFO a: b"), Err(ShipError::NotStarted)));
    }

    #[test]
    fn filters_by_level() {
        let sink = Sink::new();
        let mut s = Shipper::new(sink.clone(), Level::Warn);
        s.start(2).unwrap();
        let n = s.ship_text("INFO a: quiet\nERROR b: loud\nWARN c: meh\n").unwrap();
        assert_eq!(n, 2);
        s.flush();
        assert_eq!(sink.sorted(), vec!["[Error] b | loud", "[Warn] c | meh"]);
    }
}
