//! The counting pool: each worker folds one chunk into the shared tally.

use std::collections::HashMap;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

use workerpool::v2::{Pool, Worker};

use crate::chunk::Chunk;

pub type Tally = Arc<Mutex<HashMap<String, usize>>>;

pub const QUEUE: usize = 8;

fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// Count the words of one chunk into `tally`; returns how many there were.
pub fn count_chunk(chunk: &Chunk, tally: &Tally) -> usize {
    let mut local: HashMap<String, usize> = HashMap::new();
    for w in words(&chunk.text) {
        *local.entry(w).or_insert(0) += 1;
    }
    let n = local.values().sum();
    let mut shared = tally.lock().unwrap();
    for (w, c) in local {
        *shared.entry(w).or_insert(0) += c;
    }
    n
}

/// A pool with `workers` counters on it, and the counter so the caller can add more.
/// Every chunk counted sends its word count on `done`.
pub fn counting_pool(
    workers: usize,
    tally: Tally,
    done: Sender<usize>,
) -> Result<(Pool, Worker), workerpool::v2::Error> {
    let pool = Pool::new(QUEUE);
    let counter = Worker::new(move |chunk: Chunk| {
        let n = count_chunk(&chunk, &tally);
        done.send(n).expect("the report waits for every chunk");
    });
    for _ in 0..workers {
        pool.add_worker(&counter)?;
    }
    Ok((pool, counter))
}
