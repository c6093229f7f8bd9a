use std::collections::BTreeMap;
use std::sync::mpsc::Sender;
use std::sync::Mutex;

use workerpool::{Error, Pool, Worker};

use crate::plugin::{Finding, Plugin};

/// Counts the long words of each paragraph: one `(doc, paragraph)` job per paragraph.
pub struct WordCount {
    pub min_len: usize,
}

impl Plugin for WordCount {
    fn name(&self) -> &'static str {
        "wordcount"
    }

    fn worker(&self, out: Sender<Finding>) -> Worker {
        let min_len = self.min_len;
        let out = Mutex::new(out);
        Worker::new(move |(doc, para): (String, String)| {
            let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
            let words = para.split_whitespace().map(|w| w.trim_matches(|c: char| !c.is_alphabetic()));
            for w in words.filter(|w| w.len() >= min_len) {
                *counts.entry(w).or_insert(0) += 1;
            }
            let top = counts.iter().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)));
            let detail = match top {
                Some((w, n)) => format!("{} long words, most: {w} x{n}", counts.values().sum::<usize>()),
                None => "no long words".to_string(),
            };
            out.lock().unwrap().send(Finding { plugin: "wordcount", doc, detail }).unwrap();
        })
    }

    fn schedule(&self, pool: &Pool, doc: &str, text: &str) -> Result<usize, Error> {
        let mut n = 0;
        for para in text.split("\n\n").filter(|p| !p.trim().is_empty()) {
            pool.delegate((doc.to_string(), para.to_string()))?;
            n += 1;
        }
        Ok(n)
    }

    fn threads(&self) -> usize {
        2
    }
}
