//! Normalising words (lowercase, strip a plural `s`) on a pool of named-fn workers.

use std::sync::mpsc::{self, Sender};

use workerpool::v2::{Pool, Worker};

type NormJob = (usize, String, Sender<(usize, String)>);

fn normalize_job((i, word, out): NormJob) {
    let mut w = word.to_lowercase();
    if w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") {
        w.pop();
    }
    let _ = out.send((i, w));
}

pub fn normalize_all(words: &[&str], workers: usize) -> Result<Vec<String>, workerpool::v2::Error> {
    let pool = Pool::new(0);
    let worker = Worker::new::<NormJob, _>(normalize_job);
    for _ in 0..workers {
        pool.add_worker(&worker)?;
    }
    let (tx, rx) = mpsc::channel();
    for (i, w) in words.iter().enumerate() {
        pool.delegate((i, w.to_string(), tx.clone()))?;
    }
    drop(tx);
    let mut out: Vec<(usize, String)> = rx.iter().collect();
    out.sort();
    Ok(out.into_iter().map(|(_, w)| w).collect())
}
