//! Counting a set of documents end to end.

use std::collections::HashMap;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use crate::chunk::{split, Chunk};
use crate::count::{counting_pool, Tally};
use crate::fanout::fan_out_scoped;

const LINES_PER_CHUNK: usize = 2;

/// Word counts over all `docs`, most frequent first, ties by word.
pub fn count_text(
    docs: &[&str],
    workers: usize,
) -> Result<Vec<(String, usize)>, workerpool::Error> {
    let tally: Tally = Arc::new(Mutex::new(HashMap::new()));
    let (done, counted) = mpsc::channel::<usize>();
    let (pool, _counter) = counting_pool(workers, Arc::clone(&tally), done)?;

    // One producer per document.
    let batches: Vec<Vec<Chunk>> = docs
        .iter()
        .enumerate()
        .map(|(i, d)| split(i, d, LINES_PER_CHUNK))
        .collect();
    let queued = fan_out_scoped(&pool, batches)?;
    let words: usize = counted.iter().take(queued).sum();
    pool.stop();

    let tally = tally.lock().unwrap();
    debug_assert_eq!(tally.values().sum::<usize>(), words);
    let mut out: Vec<(String, usize)> = tally.iter().map(|(w, c)| (w.clone(), *c)).collect();
    out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(out)
}

pub fn top(counts: &[(String, usize)], n: usize) -> &[(String, usize)] {
    &counts[..n.min(counts.len())]
}
