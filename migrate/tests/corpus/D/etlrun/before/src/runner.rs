use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use workerpool::{Pool, Worker};

use crate::error::EtlError;
use crate::record::{ParseError, Record};
use crate::sink::Sink;

#[derive(Debug, Clone)]
pub struct RunnerConfig {
    pub transform_threads: usize,
    pub load_threads: usize,
    pub batch_size: usize,
    /// Bad rows are skipped (and counted) instead of failing the run.
    pub skip_bad_rows: bool,
}

impl Default for RunnerConfig {
    fn default() -> Self {
        RunnerConfig { transform_threads: 3, load_threads: 2, batch_size: 4, skip_bad_rows: true }
    }
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub lines: usize,
    pub loaded: usize,
    pub skipped: Vec<ParseError>,
    pub batches: usize,
}

/// Runs the two stages of a job on one pool, switching its workers between stages.
pub struct Runner<S: Sink> {
    config: RunnerConfig,
    sink: Arc<S>,
    pool: Option<Pool>,
}

type Batch = Vec<Record>;

impl<S: Sink> Runner<S> {
    pub fn new(config: RunnerConfig, sink: Arc<S>) -> Self {
        Runner { config, sink, pool: None }
    }

    /// Workers currently attached (0 between runs).
    pub fn active_workers(&self) -> usize {
        self.pool.as_ref().map_or(0, Pool::workers_num)
    }

    fn pool(&mut self) -> &Pool {
        let queue = self.config.batch_size * 4;
        self.pool.get_or_insert_with(|| Pool::new(queue))
    }

    pub fn run(&mut self, input: &str) -> Result<Report, EtlError> {
        let lines: Vec<(usize, String)> = input
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|(i, l)| (i + 1, l.to_owned()))
            .collect();
        let mut report = Report { lines: lines.len(), ..Report::default() };

        let records = self.transform(lines, &mut report)?;
        self.load(records, &mut report)?;
        Ok(report)
    }

    fn transform(&mut self, lines: Vec<(usize, String)>, report: &mut Report) -> Result<Vec<Record>, EtlError> {
        let (tx, rx) = mpsc::channel::<Result<Record, ParseError>>();
        let tx = Mutex::new(tx);
        let parse = Worker::new(move |(line_no, line): (usize, String)| {
            let _ = tx.lock().unwrap().send(Record::parse(line_no, &line));
        });
        let threads = self.config.transform_threads;
        let pool = self.pool();
        for _ in 0..threads {
            pool.add_worker(&parse)?;
        }
        let n = lines.len();
        for job in lines {
            pool.delegate(job)?;
        }
        let results = collect(&rx, n, "transform");
        for _ in 0..threads {
            pool.remove_worker(&parse)?;
        }
        let mut records = Vec::with_capacity(n);
        for r in results? {
            match r {
                Ok(rec) => records.push(rec),
                Err(e) if self.config.skip_bad_rows => report.skipped.push(e),
                Err(e) => return Err(e.into()),
            }
        }
        report.skipped.sort_by_key(|e| e.line);
        records.sort();
        Ok(records)
    }

    fn load(&mut self, records: Vec<Record>, report: &mut Report) -> Result<(), EtlError> {
        let (tx, rx) = mpsc::channel::<Result<usize, String>>();
        let tx = Mutex::new(tx);
        let sink = Arc::clone(&self.sink);
        let loader = Worker::new(move |batch: Batch| {
            let _ = tx.lock().unwrap().send(sink.load(&batch));
        });
        let threads = self.config.load_threads;
        let size = self.config.batch_size.max(1);
        let pool = self.pool();
        let mut workers = Vec::new();
        for _ in 0..threads {
            pool.add_worker(&loader)?;
            workers.push(loader.clone());
        }
        let batches: Vec<Batch> = records.chunks(size).map(<[Record]>::to_vec).collect();
        let n = batches.len();
        for b in batches {
            pool.delegate(b)?;
        }
        let acks = collect(&rx, n, "load");
        for w in &workers {
            pool.remove_worker(w)?;
        }
        for ack in acks? {
            report.loaded += ack.map_err(EtlError::Load)?;
        }
        report.batches = n;
        Ok(())
    }
}

fn collect<T>(rx: &Receiver<T>, n: usize, stage: &'static str) -> Result<Vec<T>, EtlError> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        match rx.recv_timeout(Duration::from_secs(20)) {
            Ok(v) => out.push(v),
            Err(_) => return Err(EtlError::Lost { stage, missing: n - out.len() }),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::MemorySink;

    #[test]
    fn workers_are_detached_after_a_run() {
        let mut r = Runner::new(RunnerConfig::default(), Arc::new(MemorySink::default()));
        assert_eq!(r.active_workers(), 0);
        r.run("1,a,1.00,se\n2,b,2.00,no\n").unwrap();
        assert_eq!(r.active_workers(), 0);
    }
}
