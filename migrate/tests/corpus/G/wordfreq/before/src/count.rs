//! Counting one chunk, and merging the counts of many.

use std::collections::BTreeMap;
use std::sync::mpsc::Sender;

use crate::text::words;

pub type Counts = BTreeMap<String, usize>;

/// The worker function: counts the words of one chunk and sends the counts back.
pub fn count_chunk((chunk, out): (String, Sender<Counts>)) {
    let mut counts = Counts::new();
    for word in words(&chunk) {
        *counts.entry(word).or_default() += 1;
    }
    out.send(counts).ok();
}

pub fn merge(into: &mut Counts, from: Counts) {
    for (word, n) in from {
        *into.entry(word).or_default() += n;
    }
}

/// The `n` most frequent words, ties broken alphabetically.
pub fn top(counts: &Counts, n: usize) -> Vec<(&str, usize)> {
    let mut all: Vec<(&str, usize)> = counts.iter().map(|(w, c)| (w.as_str(), *c)).collect();
    all.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    all.truncate(n);
    all
}
