//! The warmer: a pool of fetch threads that can be resized while it runs.

use std::sync::{Arc, Condvar, LazyLock, Mutex};

use workerpool::{Pool, SharedWorker};

use crate::cache::Cache;
use crate::error::{WarmError, WarmResult};
use crate::origin::{Origin, StaticOrigin};
use crate::plan::Plan;

/// The pool of fetch threads.
pub type WarmPool = Pool<String>;

/// What one `warm` did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct WarmReport {
    pub fetched: usize,
    pub already_cached: usize,
    pub missing: Vec<String>,
    pub bytes: usize,
}

#[derive(Default)]
struct Progress {
    state: Mutex<(WarmReport, usize)>,
    idle: Condvar,
}

pub struct Warmer<O: Origin + 'static> {
    pool: WarmPool,
    workers: Mutex<Vec<SharedWorker<String>>>,
    origin: Arc<O>,
    cache: Arc<Cache>,
    progress: Arc<Progress>,
}

static GLOBAL: LazyLock<Warmer<StaticOrigin>> = LazyLock::new(|| {
    let w = Warmer::new(StaticOrigin { repeat: 4 }, Arc::new(Cache::new()));
    w.scale_to(2).expect("starting the global warmer");
    w
});

/// The process-wide warmer over the static origin, with two threads to start with.
pub fn global() -> &'static Warmer<StaticOrigin> {
    &GLOBAL
}

impl<O: Origin + 'static> Warmer<O> {
    /// A warmer with no threads yet; call `scale_to`.
    pub fn new(origin: O, cache: Arc<Cache>) -> Self {
        Warmer {
            pool: Pool::<String>::new(64),
            workers: Mutex::new(Vec::new()),
            origin: Arc::new(origin),
            cache,
            progress: Arc::default(),
        }
    }

    fn fetch_worker(&self) -> SharedWorker<String> {
        let origin = Arc::clone(&self.origin);
        let cache = Arc::clone(&self.cache);
        let progress = Arc::clone(&self.progress);
        SharedWorker::new(move |key: String| {
            let outcome = if cache.contains(&key) {
                None
            } else {
                Some(origin.fetch(&key).map(|body| {
                    let n = body.len();
                    cache.put(&key, &body);
                    n
                }))
            };
            let mut state = progress.state.lock().unwrap();
            let (report, pending) = &mut *state;
            match outcome {
                None => report.already_cached += 1,
                Some(Some(n)) => {
                    report.fetched += 1;
                    report.bytes += n;
                }
                Some(None) => report.missing.push(key),
            }
            *pending -= 1;
            if *pending == 0 {
                progress.idle.notify_all();
            }
        })
    }

    /// Grows or shrinks to `n` fetch threads. A removed thread finishes its fetch first.
    pub fn scale_to(&self, n: usize) -> WarmResult<()> {
        let mut workers = self.workers.lock().unwrap();
        while workers.len() < n {
            let w = self.fetch_worker();
            self.pool.add_shared_worker(&w);
            workers.push(w);
        }
        while workers.len() > n {
            let w = workers.pop().expect("len > n >= 0");
            self.pool.remove_shared_worker(&w);
        }
        Ok(())
    }

    pub fn threads(&self) -> usize {
        self.pool.workers()
    }

    pub fn cache(&self) -> &Cache {
        &self.cache
    }

    /// Fetches every key of `plan`, most important first, and waits for all of them.
    pub fn warm(&self, plan: &Plan) -> WarmResult<WarmReport> {
        if self.threads() == 0 {
            return Err(WarmError::NoThreads);
        }
        let keys = plan.ordered();
        {
            let mut state = self.progress.state.lock().unwrap();
            state.0 = WarmReport::default();
            state.1 += keys.len();
        }
        for (_, key) in keys {
            self.pool.delegate(key).map_err(workerpool::Error::from)?;
        }
        let mut state = self.progress.state.lock().unwrap();
        while state.1 > 0 {
            state = self.progress.idle.wait(state).unwrap();
        }
        let mut report = std::mem::take(&mut state.0);
        report.missing.sort();
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaling_follows_the_vec() {
        let w = Warmer::new(StaticOrigin::default(), Arc::default());
        w.scale_to(3).unwrap();
        assert_eq!(w.threads(), 3);
        w.scale_to(1).unwrap();
        assert_eq!(w.threads(), 1);
        assert_eq!(w.workers.lock().unwrap().len(), 1);
    }

    #[test]
    fn zero_threads_cannot_warm() {
        let w = Warmer::new(StaticOrigin::default(), Arc::default());
        assert!(matches!(
            w.warm(&Plan::default()),
            Err(WarmError::NoThreads)
        ));
    }
}
