//! The crawl: a pool of fetchers that feed the pages they find back into the same pool.

use std::collections::HashSet;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use workerpool::Pool;

use crate::job::{FetchJob, Page};
use crate::site::Site;

#[derive(Debug)]
pub enum CrawlError {
    Pool(workerpool::Error),
    NoSuchStart(String),
}

impl From<workerpool::Error> for CrawlError {
    fn from(e: workerpool::Error) -> Self {
        CrawlError::Pool(e)
    }
}

impl fmt::Display for CrawlError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            CrawlError::Pool(e) => write!(f, "pool: {}", e),
            CrawlError::NoSuchStart(u) => write!(f, "start page {} not found", u),
        }
    }
}

impl std::error::Error for CrawlError {}

struct State {
    site: Site,
    max_depth: u32,
    seen: Mutex<HashSet<String>>,
    pages: Mutex<Vec<Page>>,
    missing: Mutex<Vec<String>>,
    pending: AtomicUsize,
    done: (Mutex<bool>, Condvar),
}

pub struct Frontier {
    pool: Arc<Pool<FetchJob>>,
    state: Arc<State>,
}

impl Frontier {
    pub fn new(site: Site, max_depth: u32, fetchers: usize) -> Result<Frontier, CrawlError> {
        let pool = Arc::new(Pool::<FetchJob>::new(1024));
        let state = Arc::new(State {
            site,
            max_depth,
            seen: Mutex::new(HashSet::new()),
            pages: Mutex::new(Vec::new()),
            missing: Mutex::new(Vec::new()),
            pending: AtomicUsize::new(0),
            done: (Mutex::new(false), Condvar::new()),
        });
        let worker = {
            let pool = Arc::clone(&pool);
            let state = Arc::clone(&state);
            std::sync::Arc::new(move |job: FetchJob| fetch(&pool, &state, job))
        };
        for _ in 0..fetchers {
            pool.add_worker({ let worker = std::sync::Arc::clone(&worker); move |job| worker(job) });
        }
        Ok(Frontier { pool, state })
    }

    pub fn fetchers(&self) -> usize {
        self.pool.workers()
    }

    /// Crawls from `start` and returns the pages found, sorted by URL.
    pub fn crawl(&self, start: &str) -> Result<Vec<Page>, CrawlError> {
        if self.state.site.get(start).is_none() {
            return Err(CrawlError::NoSuchStart(start.to_string()));
        }
        self.state.seen.lock().unwrap().insert(start.to_string());
        self.state.pending.fetch_add(1, Ordering::SeqCst);
        self.pool.delegate(FetchJob { url: start.to_string(), depth: 0 }).map_err(workerpool::Error::from)?;

        let (lock, cvar) = &self.state.done;
        let mut done = lock.lock().unwrap();
        while !*done {
            done = cvar.wait(done).unwrap();
        }
        let mut pages = self.state.pages.lock().unwrap().clone();
        pages.sort();
        Ok(pages)
    }

    pub fn missing(&self) -> Vec<String> {
        let mut m = self.state.missing.lock().unwrap().clone();
        m.sort();
        m.dedup();
        m
    }
}

impl Drop for Frontier {
    fn drop(&mut self) {
        self.pool.stop();
    }
}

fn fetch(pool: &Pool<FetchJob>, state: &State, job: FetchJob) {
    match state.site.get(&job.url) {
        None => state.missing.lock().unwrap().push(job.url.clone()),
        Some(body) => {
            let links = Site::links(body);
            if job.depth < state.max_depth {
                for link in &links {
                    if state.seen.lock().unwrap().insert(link.clone()) {
                        state.pending.fetch_add(1, Ordering::SeqCst);
                        let next = FetchJob { url: link.clone(), depth: job.depth + 1 };
                        if pool.delegate(next).is_err() {
                            state.pending.fetch_sub(1, Ordering::SeqCst);
                        }
                    }
                }
            }
            state.pages.lock().unwrap().push(Page {
                url: job.url.clone(),
                depth: job.depth,
                bytes: body.len(),
                links: links.len(),
            });
        }
    }
    if state.pending.fetch_sub(1, Ordering::SeqCst) == 1 {
        let (lock, cvar) = &state.done;
        *lock.lock().unwrap() = true;
        cvar.notify_all();
    }
}
