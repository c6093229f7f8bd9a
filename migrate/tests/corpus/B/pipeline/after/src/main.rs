//! A two-stage word-frequency pipeline: lines are tokenised on one pool, words counted on another.

use std::collections::BTreeMap;
use std::error::Error;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

use workerpool::{Pool, Worker};

mod report;

type BoxError = Box<dyn Error + Send + Sync>;
type Shared = Arc<Pool>;

mod text {
    pub fn tokens(line: &str) -> Vec<String> {
        line.split(|c: char| !c.is_alphanumeric() && c != '\'')
            .filter(|w| !w.is_empty())
            .map(|w| w.to_lowercase())
            .collect()
    }

    pub const POEM: &[&str] = &[
        "The quick brown fox jumps over the lazy dog",
        "A lazy afternoon, the dog sleeps",
        "Quick! The fox is back, the dog wakes",
        "Over and over the fox runs",
        "The end",
    ];
}

/// Stage two: counts (word, line number) pairs.
fn counting_stage(counts: Arc<Mutex<BTreeMap<String, Vec<usize>>>>, done: Sender<()>) -> Result<Shared, BoxError> {
    let pool = Pool::new(128);
    let done = Mutex::new(done);
    let counter = Worker::new(move |(word, line): (String, usize)| {
        counts.lock().unwrap().entry(word).or_default().push(line);
        done.lock().unwrap().send(()).unwrap();
    });
    for _ in 0..2 {
        pool.add_worker(&counter)?;
    }
    Ok(Arc::new(pool))
}

/// Stage one: tokenises `(line number, text)` and feeds stage two; reports how many words.
fn tokenising_stage(next: Shared, words: Sender<usize>) -> Result<Shared, BoxError> {
    let pool = Pool::new(16);
    let words = Mutex::new(words);
    let tokenizer = Worker::new(move |(n, line): (usize, String)| {
        let toks = text::tokens(&line);
        let count = toks.len();
        for t in toks {
            next.delegate((t, n)).expect("the counting stage has workers");
        }
        words.lock().unwrap().send(count).unwrap();
    });
    pool.add_worker(&tokenizer)?;
    pool.add_worker(&tokenizer)?;
    pool.add_worker(&tokenizer)?;
    Ok(Arc::new(pool))
}

fn main() -> Result<(), BoxError> {
    let counts = Arc::new(Mutex::new(BTreeMap::new()));
    let (done_tx, done_rx) = mpsc::channel();
    let (words_tx, words_rx) = mpsc::channel();

    let counting = counting_stage(Arc::clone(&counts), done_tx)?;
    let tokenising = tokenising_stage(Arc::clone(&counting), words_tx)?;
    println!("stage workers: {} + {}", tokenising.workers_num(), counting.workers_num());

    // Two readers feed the first stage, borrowing it.
    let first: &Pool = &tokenising;
    thread::scope(|s| -> Result<(), BoxError> {
        let (even, odd): (Vec<_>, Vec<_>) = text::POEM.iter().enumerate().partition(|(i, _)| i % 2 == 0);
        let a = s.spawn(move || even.into_iter().try_for_each(|(i, l)| first.delegate((i + 1, l.to_string()))));
        let b = s.spawn(move || odd.into_iter().try_for_each(|(i, l)| first.delegate((i + 1, l.to_string()))));
        a.join().unwrap()?;
        b.join().unwrap()?;
        Ok(())
    })?;

    let total: usize = words_rx.iter().take(text::POEM.len()).sum();
    done_rx.iter().take(total).for_each(drop);
    tokenising.stop();
    counting.stop();

    println!("{total} words");
    let counts = counts.lock().unwrap();
    let rows = report::rows(&counts, &report::STOP_WORDS);
    print!("{}", report::table(&rows, 8));
    println!("stop words dropped: {}", report::dropped(&counts, &report::STOP_WORDS));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_lowercase_and_split() {
        assert_eq!(text::tokens("Quick! The fox's"), ["quick", "the", "fox's"]);
    }

    #[test]
    fn counting_stage_counts() {
        let counts = Arc::new(Mutex::new(BTreeMap::new()));
        let (tx, rx) = mpsc::channel();
        let pool = counting_stage(Arc::clone(&counts), tx).unwrap();
        for i in 0..10usize {
            pool.delegate(("w".to_string(), i)).unwrap();
        }
        rx.iter().take(10).for_each(drop);
        assert_eq!(counts.lock().unwrap()["w"].len(), 10);
    }
}
