//! Counts letters on a pool that a struct owns.
use std::sync::mpsc::{channel, Receiver};

use workerpool::{Pool, Worker};

/// Letter counts, computed on a pool.
pub struct Stats {
    pool: Pool,
    counts: Receiver<usize>,
    sent: usize,
}

impl Stats {
    /// A pool of `workers` counters.
    pub fn new(workers: usize) -> Stats {
        let (tx, counts) = channel();
        let counter = Worker::new(move |word: String| tx.send(word.len()).unwrap());
        let pool = Pool::new(8);
        for _ in 0..workers {
            pool.add_worker(&counter).expect("adding a counter");
        }
        Stats { pool, counts, sent: 0 }
    }

    /// Counts one word.
    pub fn count(&mut self, word: &str) {
        submit(&self.pool, word.to_string());
        self.sent += 1;
    }

    /// Waits for every count and returns the total.
    pub fn finish(self) -> usize {
        let total = self.counts.iter().take(self.sent).sum();
        self.pool.stop();
        total
    }
}

fn submit(pool: &Pool, word: String) {
    pool.delegate(word).expect("queued");
}
