use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use workerpool::v2::Pool;

use crate::error::{CrawlError, Result};
use crate::html;
use crate::site::Fetch;
use crate::stage::{run_stage, Stage};

/// Stage 1: get the page body.
struct Fetcher<F: Fetch>(Arc<F>);

pub struct FetchJob {
    pub path: String,
}

pub struct Fetched {
    pub path: String,
    pub body: Option<String>,
}

impl<F: Fetch> Stage for Fetcher<F> {
    type Job = FetchJob;
    type Out = Fetched;
    const NAME: &'static str = "fetch";

    fn run(&self, job: FetchJob) -> Fetched {
        Fetched { body: self.0.fetch(&job.path), path: job.path }
    }
}

/// Stage 2: title and outgoing links of a fetched page.
struct Extractor;

impl Stage for Extractor {
    type Job = (String, String);
    type Out = PageInfo;
    const NAME: &'static str = "extract";

    fn run(&self, (path, body): (String, String)) -> PageInfo {
        let mut links: Vec<String> = html::links(&body).iter().filter_map(|l| html::resolve(&path, l)).collect();
        links.sort();
        links.dedup();
        PageInfo { title: html::title(&body).unwrap_or_default(), path, links }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageInfo {
    pub path: String,
    pub title: String,
    pub links: Vec<String>,
}

#[derive(Debug, Default)]
pub struct CrawlReport {
    pub pages: BTreeMap<String, PageInfo>,
    pub broken: BTreeSet<String>,
    pub depth_reached: usize,
}

pub struct Crawler<F: Fetch> {
    site: Arc<F>,
    pool: Pool,
    threads: usize,
    max_depth: usize,
}

impl<F: Fetch> Crawler<F> {
    pub fn new(site: F, threads: usize) -> Self {
        Crawler { site: Arc::new(site), pool: Pool::new(threads * 2), threads, max_depth: 8 }
    }

    pub fn max_depth(mut self, d: usize) -> Self {
        self.max_depth = d;
        self
    }

    /// Workers attached right now; 0 between stages.
    pub fn busy_workers(&self) -> usize {
        self.pool.workers_num()
    }

    pub fn crawl(&self, seed: &str) -> Result<CrawlReport> {
        if !seed.starts_with('/') {
            return Err(CrawlError::BadSeed(seed.to_owned()));
        }
        let mut report = CrawlReport::default();
        let mut seen: BTreeSet<String> = BTreeSet::from([seed.to_owned()]);
        let mut frontier = vec![seed.to_owned()];
        let fetcher = Arc::new(Fetcher(Arc::clone(&self.site)));
        let extractor = Arc::new(Extractor);

        while !frontier.is_empty() && report.depth_reached < self.max_depth {
            report.depth_reached += 1;
            let jobs = frontier.drain(..).map(|path| FetchJob { path }).collect();
            let fetched = run_stage(&self.pool, Arc::clone(&fetcher), jobs, self.threads)?;

            let mut bodies = Vec::new();
            for f in fetched {
                match f.body {
                    Some(body) => bodies.push((f.path, body)),
                    None => {
                        report.broken.insert(f.path);
                    }
                }
            }
            let infos = run_stage(&self.pool, Arc::clone(&extractor), bodies, self.threads)?;
            for info in infos {
                for l in &info.links {
                    if seen.insert(l.clone()) {
                        frontier.push(l.clone());
                    }
                }
                report.pages.insert(info.path.clone(), info);
            }
        }
        Ok(report)
    }
}
