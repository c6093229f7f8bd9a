//! The live feed: one shared queue; each connected provider contributes a worker of its own.
use crate::book::Book;
use crate::quote::Quote;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};
use workerpool::{Pool, SharedWorker};

struct Provider {
    worker: SharedWorker<Quote>,
    instances: usize,
    applied: Arc<AtomicUsize>,
}

pub struct Feed {
    pool: Arc<Pool<Quote>>,
    providers: Mutex<HashMap<String, Provider>>,
    book: Arc<Book>,
    applied: Arc<AtomicUsize>,
}

impl Feed {
    pub fn new(queue: usize) -> Feed {
        Feed {
            pool: Arc::new(Pool::new(queue)),
            providers: Mutex::new(HashMap::new()),
            book: Arc::new(Book::default()),
            applied: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Connects a provider: its worker runs `threads` times on the shared queue.
    pub fn connect(&self, provider: &str, threads: usize) -> crate::Result<()> {
        let mut providers = self.providers.lock().unwrap();
        if providers.contains_key(provider) {
            return Err(format!("provider {provider} is already connected").into());
        }
        let mine = Arc::new(AtomicUsize::new(0));
        let (book, applied, count) = (Arc::clone(&self.book), Arc::clone(&self.applied), Arc::clone(&mine));
        let worker = SharedWorker::new(move |q: Quote| {
            book.apply(&q);
            count.fetch_add(1, Ordering::SeqCst);
            applied.fetch_add(1, Ordering::SeqCst);
        });
        for _ in 0..threads {
            self.pool.add_shared_worker(&worker);
        }
        providers.insert(provider.to_string(), Provider { worker, instances: threads, applied: mine });
        Ok(())
    }

    /// Disconnects a provider: every instance of its worker stops after its current quote.
    pub fn disconnect(&self, provider: &str) -> crate::Result<usize> {
        let gone = self
            .providers
            .lock()
            .unwrap()
            .remove(provider)
            .ok_or_else(|| format!("no provider {provider}"))?;
        for _ in 0..gone.instances {
            self.pool.remove_shared_worker(&gone.worker);
        }
        Ok(gone.applied.load(Ordering::SeqCst))
    }

    pub fn workers(&self) -> usize {
        self.pool.workers()
    }

    pub fn providers(&self) -> Vec<String> {
        let mut v: Vec<String> = self.providers.lock().unwrap().keys().cloned().collect();
        v.sort();
        v
    }

    pub fn push(&self, q: Quote) -> crate::Result<()> {
        self.pool.delegate(q)?;
        Ok(())
    }

    /// A handle for producer threads.
    pub fn queue(&self) -> Arc<Pool<Quote>> {
        self.pool.clone()
    }

    /// Waits until `n` quotes in total were applied to the book.
    pub fn settle(&self, n: usize, timeout: Duration) -> bool {
        let start = Instant::now();
        while self.applied.load(Ordering::SeqCst) < n {
            if start.elapsed() > timeout {
                return false;
            }
            thread::sleep(Duration::from_millis(1));
        }
        true
    }

    pub fn book(&self) -> &Book {
        &self.book
    }
}
