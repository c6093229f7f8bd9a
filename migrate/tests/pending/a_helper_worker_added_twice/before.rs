use std::sync::mpsc::{channel, Sender};
use workerpool::{Pool, Worker};

/// Builds the worker that counts the words of one line.
fn word_counter(out: Sender<usize>) -> Worker {
    Worker::new(move |line: String| {
        out.send(line.split_whitespace().count()).unwrap();
    })
}

fn main() {
    let text = ["the cat", "the dog and the cat", "a dog"];
    let (tx, rx) = channel();
    let pool = Pool::new(text.len());
    let counter = word_counter(tx);
    pool.add_worker(&counter).unwrap();
    pool.add_worker(&counter).unwrap();
    for line in text {
        pool.delegate(line.to_string()).unwrap();
    }
    println!("{} words", rx.iter().take(text.len()).sum::<usize>());
}
