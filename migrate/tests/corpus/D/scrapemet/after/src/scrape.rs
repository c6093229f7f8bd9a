use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use workerpool::SharedWorker;

use crate::config::Target;
use crate::error::ScrapeError;
use crate::source::Source;

pub type JobPool = workerpool::Pool<ScrapeJob>;

static POOL: OnceLock<JobPool> = OnceLock::new();

/// The process-wide scrape pool, created on first use.
pub fn pool() -> &'static JobPool {
    POOL.get_or_init(|| JobPool::new(16))
}

#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    pub job: String,
    pub name: String,
    pub value: f64,
}

struct ScrapeJob {
    target: Target,
    source: Arc<dyn Source>,
    reply: Sender<Result<Vec<Sample>, ScrapeError>>,
}

impl ScrapeJob {
    fn run(self) {
        let result = self
            .source
            .fetch(&self.target.url)
            .map_err(|msg| ScrapeError::Fetch { target: self.target.job.clone(), msg })
            .and_then(|body| parse(&self.target.job, &body));
        let _ = self.reply.send(result);
    }
}

fn parse(job: &str, body: &str) -> Result<Vec<Sample>, ScrapeError> {
    body.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, value) = l.split_once(' ').ok_or_else(|| ScrapeError::Parse { target: job.into(), line: l.into() })?;
            let value = value.trim().parse().map_err(|_| ScrapeError::Parse { target: job.into(), line: l.into() })?;
            Ok(Sample { job: job.to_owned(), name: name.to_owned(), value })
        })
        .collect()
}

/// A set of scrape threads on the shared pool, all fetching through one source.
pub struct Scraper<S: Source + 'static> {
    source: Arc<S>,
    worker: SharedWorker<ScrapeJob>,
    threads: usize,
}

impl<S: Source + 'static> Scraper<S> {
    pub fn start(source: S, threads: usize) -> Result<Self, ScrapeError> {
        let worker = SharedWorker::new(ScrapeJob::run);
        for _ in 0..threads {
            pool().add_shared_worker(&worker);
        }
        Ok(Scraper { source: Arc::new(source), worker, threads })
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Scrapes every target once. Failed targets come back as errors next to the good samples.
    pub fn round(&self, targets: &[Target]) -> Result<(Vec<Sample>, Vec<ScrapeError>), ScrapeError> {
        let (tx, rx) = mpsc::channel();
        for t in targets {
            let source: Arc<dyn Source> = self.source.clone();
            pool().delegate(ScrapeJob { target: t.clone(), source, reply: tx.clone() }).map_err(workerpool::Error::from)?;
        }
        drop(tx);
        let mut samples = Vec::new();
        let mut failures = Vec::new();
        for done in 0..targets.len() {
            match rx.recv_timeout(Duration::from_secs(20)) {
                Ok(Ok(s)) => samples.extend(s),
                Ok(Err(e)) => failures.push(e),
                Err(_) => return Err(ScrapeError::Timeout(targets.len() - done)),
            }
        }
        samples.sort_by(|a, b| (&a.job, &a.name).cmp(&(&b.job, &b.name)));
        failures.sort_by_key(|e| e.to_string());
        Ok((samples, failures))
    }

    /// Retires this scraper's threads; other scrapers on the pool keep theirs.
    pub fn shutdown(self) -> Result<(), workerpool::Error> {
        for _ in 0..self.threads {
            pool().remove_shared_worker(&self.worker);
        }
        Ok(())
    }
}

/// Scrape threads running in the whole process, across scrapers.
pub fn running_threads() -> usize {
    POOL.get().map_or(0, workerpool::Pool::workers)
}
