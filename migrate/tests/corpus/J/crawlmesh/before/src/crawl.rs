//! The crawler: seeds the fetch pool, then follows links breadth-first up to a depth.

use std::collections::{BTreeMap, HashSet};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::thread;

use crate::error::CrawlError;
use crate::exec::{self, SharedPool, TaskWorker};
use crate::fetch::{fetcher, FetchJob};
use crate::parse::{parser, Parsed};
use crate::web::Web;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Visit {
    Page { depth: u32, words: usize },
    Missing { depth: u32 },
}

pub type Report = BTreeMap<String, Visit>;

pub struct Crawler {
    fetch_pool: SharedPool,
    parse_pool: SharedPool,
    fetcher: TaskWorker,
    parser: TaskWorker,
    results: Receiver<Parsed>,
    max_depth: u32,
}

impl Crawler {
    pub fn new(
        web: Web,
        fetchers: usize,
        parsers: usize,
        max_depth: u32,
    ) -> Result<Self, CrawlError> {
        let fetch_pool = exec::shared(32);
        let parse_pool = exec::shared(32);
        let (tx, results) = mpsc::channel::<Parsed>();
        let parser = parser();
        let fetcher = fetcher(Arc::new(web), Arc::clone(&parse_pool), tx);
        exec::spawn(&parse_pool, &parser, parsers)?;
        exec::spawn(&fetch_pool, &fetcher, fetchers)?;
        Ok(Crawler {
            fetch_pool,
            parse_pool,
            fetcher,
            parser,
            results,
            max_depth,
        })
    }

    pub fn workers(&self) -> (usize, usize) {
        (self.fetch_pool.workers_num(), self.parse_pool.workers_num())
    }

    /// Seeds are queued from one scoped thread per seed, all borrowing the fetch pool.
    fn seed(&self, seeds: &[&str]) -> Result<usize, CrawlError> {
        if let Some(bad) = seeds.iter().find(|s| !s.starts_with("mem://")) {
            return Err(CrawlError::BadSeed(bad.to_string()));
        }
        let pool = &self.fetch_pool;
        thread::scope(|scope| {
            let handles: Vec<_> = seeds
                .iter()
                .map(|url| scope.spawn(move || pool.delegate(FetchJob::new(*url, 0))))
                .collect();
            for h in handles {
                h.join().expect("seeding thread")?;
            }
            Ok(seeds.len())
        })
    }

    pub fn crawl(&self, seeds: &[&str]) -> Result<Report, CrawlError> {
        let mut report = Report::new();
        let mut outstanding = self.seed(seeds)?;
        let mut queued: HashSet<String> = seeds.iter().map(|s| s.to_string()).collect();
        while outstanding > 0 {
            let parsed = self.results.recv().map_err(|_| CrawlError::Disconnected)?;
            outstanding -= 1;
            let (depth, words) = (parsed.depth, parsed.words);
            let visit = match parsed.found {
                true => Visit::Page { depth, words },
                false => Visit::Missing { depth },
            };
            report.insert(parsed.url.clone(), visit);
            if depth >= self.max_depth {
                continue;
            }
            for link in parsed.links {
                if queued.insert(link.clone()) {
                    self.fetch_pool.delegate(FetchJob::new(link, depth + 1))?;
                    outstanding += 1;
                }
            }
        }
        Ok(report)
    }

    /// Take one worker off each pool (used when the crawl is over and the crawler idles).
    pub fn shrink(&self) -> Result<(), CrawlError> {
        self.fetch_pool.remove_worker(&self.fetcher)?;
        self.parse_pool.remove_worker(&self.parser)?;
        Ok(())
    }

    pub fn shutdown(&self) {
        self.fetch_pool.stop();
        self.parse_pool.stop();
    }
}
