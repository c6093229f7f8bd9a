use std::sync::mpsc::{channel, Sender};
use workerpool::Pool;

/// Builds the worker that counts the words of one line.
fn word_counter(out: Sender<usize>) -> impl FnMut(String) + Clone + Send + 'static {
    move |line: String| {
        out.send(line.split_whitespace().count()).unwrap();
    }
}

fn main() {
    let text = ["the cat", "the dog and the cat", "a dog"];
    let (tx, rx) = channel();
    let pool = Pool::<String>::new(text.len());
    let counter = word_counter(tx);
    pool.add_worker(counter.clone());
    pool.add_worker(counter.clone());
    for line in text {
        pool.delegate(line.to_string()).unwrap();
    }
    println!("{} words", rx.iter().take(text.len()).sum::<usize>());
}
