use crate::fetch::{fetcher, HitCounts, Page};
use crate::prelude::*;
use std::collections::HashSet;
use std::fmt;
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;

#[derive(Debug)]
pub enum CrawlError {
    Pool(workerpool::Error),
    BadSeed(String),
}

impl fmt::Display for CrawlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrawlError::Pool(e) => write!(f, "frontier: {e}"),
            CrawlError::BadSeed(s) => write!(f, "not a crawlable url: {s}"),
        }
    }
}

impl std::error::Error for CrawlError {}

impl From<workerpool::Error> for CrawlError {
    fn from(e: workerpool::Error) -> Self {
        CrawlError::Pool(e)
    }
}

/// Decides which discovered URLs are worth fetching.
pub trait Policy {
    fn allow(&self, url: &Url) -> bool;
}

pub struct AllowAll;

impl Policy for AllowAll {
    fn allow(&self, _: &Url) -> bool {
        true
    }
}

impl<F: Fn(&Url) -> bool> Policy for F {
    fn allow(&self, url: &Url) -> bool {
        self(url)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Crawled {
    pub url: String,
    pub depth: u32,
    pub status: u16,
    pub links: usize,
}

pub struct Frontier {
    shards: Shards,
    workers: Vec<workerpool::SharedWorker<(crate::url::Url, u32, Sender<Page>)>>,
    hits: HitCounts,
    max_depth: u32,
}

impl Frontier {
    pub fn new(shards: usize, threads_per_shard: usize, max_depth: u32) -> Result<Frontier, CrawlError> {
        let hits = HitCounts::default();
        let mut pools = Shards::new();
        let mut workers = Vec::new();
        for _ in 0..shards {
            let pool = Arc::new(Pool::<(crate::url::Url, u32, Sender<Page>)>::new(4));
            let worker = fetcher(Arc::clone(&hits));
            for _ in 0..threads_per_shard {
                pool.add_shared_worker(&worker);
            }
            pools.push(pool);
            workers.push(worker);
        }
        Ok(Frontier {
            shards: pools,
            workers,
            hits,
            max_depth,
        })
    }

    pub fn shards(&self) -> &Shards {
        &self.shards
    }

    /// Threads per shard, in shard order.
    pub fn threads(&self) -> Vec<usize> {
        self.shards.iter().map(|p| p.workers()).collect()
    }

    /// Takes one thread off a shard (a host asked us to slow down).
    pub fn throttle(&self, shard: usize) -> Result<(), CrawlError> {
        self.shards[shard].remove_shared_worker(&self.workers[shard]);
        Ok(())
    }

    pub fn hits(&self) -> Vec<(String, u32)> {
        self.hits.lock().unwrap().iter().map(|(h, n)| (h.clone(), *n)).collect()
    }

    fn push(&self, url: Url, depth: u32, out: &Sender<Page>) -> Result<(), CrawlError> {
        let shard = url.shard(self.shards.len());
        self.shards[shard].delegate((url, depth, out.clone())).map_err(workerpool::Error::from)?;
        Ok(())
    }

    /// Crawls breadth first, one depth at a time, so every page is reported at
    /// its shortest distance from a seed.
    pub fn crawl<S, P>(&self, seeds: &[S], policy: &P) -> Result<Vec<Crawled>, CrawlError>
    where
        S: AsRef<str>,
        P: Policy + ?Sized,
    {
        let (out, pages) = mpsc::channel();
        let mut seen = HashSet::new();
        let mut level = Vec::new();
        for seed in seeds {
            let url = Url::parse(seed.as_ref()).ok_or_else(|| CrawlError::BadSeed(seed.as_ref().to_string()))?;
            if seen.insert(url.clone()) {
                level.push(url);
            }
        }
        let mut crawled = Vec::new();
        let mut depth = 0;
        while !level.is_empty() {
            let n = level.len();
            for url in level.drain(..) {
                self.push(url, depth, &out)?;
            }
            for _ in 0..n {
                let page = pages.recv().expect("a fetcher hung up");
                if depth < self.max_depth {
                    for link in &page.links {
                        if policy.allow(link) && seen.insert(link.clone()) {
                            level.push(link.clone());
                        }
                    }
                }
                crawled.push(Crawled {
                    url: page.url.to_string(),
                    depth: page.depth,
                    status: page.status,
                    links: page.links.len(),
                });
            }
            depth += 1;
        }
        crawled.sort();
        Ok(crawled)
    }
}
