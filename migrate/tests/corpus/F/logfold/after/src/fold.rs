//! The folder: a pool whose workers turn raw lines into entries and fold them.
use std::collections::BTreeMap;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

use workerpool::{Pool, SharedWorker};

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
    parser: SharedWorker<RawLine>,
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
        let parser = SharedWorker::new(move |RawLine(n, text): RawLine| {
            let res = parse_line(n, &text).map(|e| fold_into(&sink, e));
            let _ = done_tx.lock().unwrap().send(res);
        });
        let pool = Pool::<RawLine>::new(workers * 2);
        for _ in 0..workers {
            pool.add_shared_worker(&parser);
        }
        Ok(Folder { pool, parser, stats, done_rx, pending: 0 })
    }

    pub fn workers(&self) -> usize {
        self.pool.workers()
    }

    /// Grows or shrinks the parser set to `n` instances.
    pub fn resize(&self, n: usize) -> FoldResult<()> {
        while self.pool.workers() < n {
            self.pool.add_shared_worker(&self.parser);
        }
        while self.pool.workers() > n {
            self.pool.remove_shared_worker(&self.parser);
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
