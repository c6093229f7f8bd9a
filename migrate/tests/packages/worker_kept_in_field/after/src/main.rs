//! A tally that grows and shrinks its pool: the worker is kept in the struct beside the pool.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};

use workerpool::{Pool, SharedWorker};

type Error = Box<dyn std::error::Error + Send + Sync>;

struct Tally {
    pool: Arc<Pool<(String, u64)>>,
    // the one worker function, added as often as needed
    counter: SharedWorker<(String, u64)>,
    seen: Arc<AtomicU64>,
}

impl Tally {
    fn new(done: mpsc::Sender<u64>) -> Tally {
        let seen = Arc::new(AtomicU64::new(0));
        let total = Arc::clone(&seen);
        let done = Mutex::new(done);
        let counter = SharedWorker::new(move |(word, weight): (String, u64)| {
            total.fetch_add(word.len() as u64 * weight, Ordering::SeqCst);
            done.lock().unwrap().send(weight).unwrap();
        });
        Tally { pool: Arc::new(Pool::new(4)), counter, seen }
    }

    fn grow(&self, by: usize) -> Result<(), Error> {
        let counter = self.counter.clone();
        for _ in 0..by {
            self.pool.add_shared_worker(&counter);
        }
        Ok(())
    }

    fn shrink(&self) -> Result<(), Error> {
        self.pool.remove_shared_worker(&self.counter);
        Ok(())
    }
}

fn send(pool: &Pool<(String, u64)>, words: &[&str]) -> Result<(), Error> {
    for (i, w) in words.iter().enumerate() {
        pool.delegate((w.to_string(), i as u64 + 1))?;
    }
    Ok(())
}

fn main() -> Result<(), Error> {
    let (tx, rx) = mpsc::channel();
    let tally = Tally::new(tx);
    tally.grow(3)?;
    println!("workers {}", tally.pool.workers());
    let words = ["one", "three", "seven"];
    send(&tally.pool, &words)?;
    let weights: u64 = rx.iter().take(words.len()).sum();
    tally.shrink()?;
    tally.shrink()?;
    println!("workers {}", tally.pool.workers());
    println!("weights {weights}, total {}", tally.seen.load(Ordering::SeqCst));
    Ok(())
}
