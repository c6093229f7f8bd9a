//! Word frequencies, counted chunk by chunk on a process-wide pool.

mod count;
mod pool;
mod text;

use std::error::Error;
use std::sync::mpsc;

pub mod prelude {
    pub use crate::count::{count_chunk, merge, top, Counts};
    pub use crate::pool::{counting_pool, CountJob};
    pub use crate::text::chunks;
    // Callers name the pool after what it is for, not after the crate that provides it.
    pub use workerpool::{Error as PoolError, Pool as TaskPool};
}

pub use prelude::*;

pub type BoxError = Box<dyn Error + Send + Sync>;

/// How many lines one job carries.
pub const LINES_PER_CHUNK: usize = 2;

/// Counts the words of every document on `pool`, one feeder thread per document.
pub fn word_counts(pool: &TaskPool<(String, mpsc::Sender<std::collections::BTreeMap<String, usize>>)>, docs: &[&str]) -> Result<Counts, BoxError> {
    let (out, partials) = mpsc::channel::<Counts>();
    let sent: usize = std::thread::scope(|s| {
        let feeders: Vec<_> = docs
            .iter()
            .map(|doc| {
                let out = out.clone();
                s.spawn(move || -> Result<usize, PoolError> {
                    let mut n = 0;
                    for chunk in chunks(doc, LINES_PER_CHUNK) {
                        pool.delegate((chunk, out.clone()))?;
                        n += 1;
                    }
                    Ok(n)
                })
            })
            .collect();
        let mut total = 0;
        for feeder in feeders {
            total += feeder.join().map_err(|_| "a feeder panicked")??;
        }
        Ok::<_, BoxError>(total)
    })?;
    drop(out);

    let mut counts = Counts::new();
    for partial in partials.iter().take(sent) {
        merge(&mut counts, partial);
    }
    Ok(counts)
}
