//! The folder: a pool whose workers turn raw lines into entries and fold them.
use std::collections::BTreeMap;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

use workerpool::Pool;

use crate::error::{FoldError, FoldResult};
use crate::parse::{parse_line, Entry};

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RouteStats {
    pub hits: u64,
    pub errors: u64,
    pub total_millis: u64,
}

type Shared = Arc<Mutex<BTreeMap<String, RouteStats>>>;

/// One raw line and its number; sent to the parser workers.
struct RawLine(usize, String);

pub struct Folder {
    pool: Pool<RawLine>,
    parser: (std::sync::Arc<dyn Fn(RawLine) + Send + Sync>, std::sync::Arc<std::sync::Mutex<Vec<workerpool::WorkerHandle>>>),
    stats: Shared,
    done_rx: Receiver<Result<(), FoldError>>,
    pending: usize,
}

impl Folder {
    pub fn new(workers: usize) -> FoldResult<Folder> {
        let stats: Shared = Arc::default();
        let (done_tx, done_rx): (Sender<Result<(), FoldError>>, _) = channel();
        let done_tx = Mutex::new(done_tx);
        let sink = Arc::clone(&stats);
        let parser = (std::sync::Arc::new(move |RawLine(n, text): RawLine| {
            let res = parse_line(n, &text).map(|e| fold_into(&sink, e));
            let _ = done_tx.lock().unwrap().send(res);
        }) as std::sync::Arc<dyn Fn(_) + Send + Sync>, std::sync::Arc::<std::sync::Mutex<Vec<workerpool::WorkerHandle>>>::default());
        let pool = Pool::<RawLine>::new(workers * 2);
        for _ in 0..workers {
            parser.1.lock().unwrap().push(pool.add_worker({ let work = std::sync::Arc::clone(&parser.0); move |job| work(job) }));
        }
        Ok(Folder { pool, parser, stats, done_rx, pending: 0 })
    }

    pub fn workers(&self) -> usize {
        self.pool.workers()
    }

    /// Grows or shrinks the parser set to `n` instances.
    pub fn resize(&self, n: usize) -> FoldResult<()> {
        while self.pool.workers() < n {
            self.parser.1.lock().unwrap().push(self.pool.add_worker({ let work = std::sync::Arc::clone(&self.parser.0); move |job| work(job) }));
        }
        while self.pool.workers() > n {
            { let pool = &self.pool; let mut handles = self.parser.1.lock().unwrap(); if let Some(newest) = handles.iter().rposition(|h| h.is_worker_of(pool)) { handles.remove(newest).remove(); } };
        }
        Ok(())
    }

    pub fn feed(&mut self, text: &str) -> FoldResult<()> {
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            self.pool.delegate(RawLine(i + 1, line.to_string())).map_err(workerpool::Error::from)?;
            self.pending += 1;
        }
        Ok(())
    }

    /// Waits for every fed line; returns the parse errors met, by line.
    pub fn finish(&mut self) -> Vec<FoldError> {
        let mut errors = Vec::new();
        while self.pending > 0 {
            match self.done_rx.recv() {
                Ok(Ok(())) => {}
                Ok(Err(e)) => errors.push(e),
                Err(_) => break,
            }
            self.pending -= 1;
        }
        errors.sort_by_key(|e| match e {
            FoldError::Parse { line, .. } => *line,
            _ => usize::MAX,
        });
        errors
    }

    pub fn snapshot(&self) -> BTreeMap<String, RouteStats> {
        self.stats.lock().unwrap().clone()
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        self.pool.stop();
    }
}

fn fold_into(stats: &Shared, e: Entry) {
    let mut map = stats.lock().unwrap();
    let s = map.entry(format!("{} {}", e.method, e.route)).or_default();
    s.hits += 1;
    s.total_millis += e.millis;
    if e.status >= 500 {
        s.errors += 1;
    }
}
