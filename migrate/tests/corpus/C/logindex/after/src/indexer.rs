//! Tokenizes chunks of documents on a worker pool and fills a shared index.

use std::sync::{Arc, Condvar, Mutex};
use std::thread;

use workerpool::{Pool, SharedWorker};

use crate::error::{IndexError, Result};
use crate::index::{InvertedIndex, Posting};
use crate::source::Document;
use crate::tokenize;

/// One line of one document: what a worker tokenizes.
#[derive(Debug, Clone)]
pub struct Chunk {
    pub posting: Posting,
    pub text: String,
}

/// Counts chunks in flight so callers can wait for the index to settle.
#[derive(Default)]
struct InFlight {
    count: Mutex<usize>,
    settled: Condvar,
}

impl InFlight {
    fn add(&self, n: usize) {
        *self.count.lock().unwrap() += n;
    }

    fn done(&self) {
        let mut c = self.count.lock().unwrap();
        *c -= 1;
        if *c == 0 {
            self.settled.notify_all();
        }
    }

    fn wait(&self) {
        let mut c = self.count.lock().unwrap();
        while *c > 0 {
            c = self.settled.wait(c).unwrap();
        }
    }
}

pub struct Indexer {
    pool: Arc<Pool<Chunk>>,
    worker: SharedWorker<Chunk>,
    index: Arc<Mutex<InvertedIndex>>,
    in_flight: Arc<InFlight>,
    names: Vec<String>,
}

impl Indexer {
    /// An indexer with `threads` tokenizing workers.
    pub fn new(threads: usize) -> Result<Indexer> {
        if threads == 0 || threads > 64 {
            return Err(IndexError::BadThreads(threads));
        }
        let index = Arc::new(Mutex::new(InvertedIndex::new()));
        let in_flight = Arc::new(InFlight::default());
        let worker = {
            let index = Arc::clone(&index);
            let in_flight = Arc::clone(&in_flight);
            SharedWorker::new(move |chunk: Chunk| {
                let terms: Vec<String> = tokenize::terms(&chunk.text).collect();
                let mut ix = index.lock().unwrap();
                for term in terms {
                    ix.insert(term, chunk.posting);
                }
                drop(ix);
                in_flight.done();
            })
        };
        let pool = Arc::new(Pool::<Chunk>::new(threads * 8));
        for _ in 0..threads {
            pool.add_shared_worker(&worker);
        }
        Ok(Indexer {
            pool,
            worker,
            index,
            in_flight,
            names: Vec::new(),
        })
    }

    pub fn threads(&self) -> usize {
        self.pool.workers()
    }

    /// Adds one more tokenizing thread.
    pub fn grow(&self) -> Result<()> {
        self.pool.add_shared_worker(&self.worker);
        Ok(())
    }

    /// Feeds every document to the pool, one reader thread per document, and waits
    /// until all of it is indexed.
    pub fn index_all(&mut self, docs: &[Document]) -> Result<()> {
        let first = self.names.len();
        self.names.extend(docs.iter().map(|d| d.name.clone()));
        let pool: &Pool<Chunk> = &self.pool;
        let in_flight = &self.in_flight;
        thread::scope(|s| -> Result<()> {
            let readers: Vec<_> = docs
                .iter()
                .enumerate()
                .map(|(i, doc)| s.spawn(move || feed(pool, in_flight, first + i, doc)))
                .collect();
            for r in readers {
                r.join().expect("reader thread panicked")?;
            }
            Ok(())
        })?;
        self.in_flight.wait();
        Ok(())
    }

    pub fn doc_name(&self, id: usize) -> &str {
        &self.names[id]
    }

    /// A copy of the index as it is now.
    pub fn snapshot(&self) -> InvertedIndex {
        self.index.lock().unwrap().clone()
    }

    /// Lines holding all the terms of `query`, as `name:line`.
    pub fn search(&self, query: &str) -> Result<Vec<String>> {
        let terms: Vec<String> = tokenize::terms(query).collect();
        if terms.is_empty() {
            return Err(IndexError::EmptyQuery(query.to_string()));
        }
        let hits = self
            .index
            .lock()
            .unwrap()
            .all_of(terms.iter().map(String::as_str));
        Ok(hits
            .iter()
            .map(|p| format!("{}:{}", self.doc_name(p.doc), p.line))
            .collect())
    }
}

fn feed(pool: &Pool<Chunk>, in_flight: &InFlight, doc: usize, document: &Document) -> Result<()> {
    for (i, line) in document.text.lines().enumerate() {
        let chunk = Chunk {
            posting: Posting { doc, line: i + 1 },
            text: line.trim().to_string(),
        };
        in_flight.add(1);
        if let Err(e) = pool.delegate(chunk).map_err(workerpool::Error::from) {
            in_flight.done();
            return Err(e.into());
        }
    }
    Ok(())
}

impl Drop for Indexer {
    fn drop(&mut self) {
        self.in_flight.wait();
        self.pool.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_threads_is_rejected() {
        assert!(matches!(Indexer::new(0), Err(IndexError::BadThreads(0))));
    }

    #[test]
    fn grow_adds_a_thread() {
        let ix = Indexer::new(1).unwrap();
        ix.grow().unwrap();
        assert_eq!(ix.threads(), 2);
    }
}
