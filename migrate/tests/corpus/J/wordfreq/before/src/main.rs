//! Count the words of three short documents and print the most frequent.

use wordfreq::normalize::normalize_all;
use wordfreq::{count_text, top};

const DOCS: [&str; 3] = [
    "The pool runs jobs.\nJobs wait in the queue.\nThe queue is bounded.",
    "A worker takes a job\nfrom the queue and runs it.",
    "Stop the pool\nand the workers exit.\nThe end.",
];

fn main() -> Result<(), workerpool::Error> {
    let counts = count_text(&DOCS, 3)?;
    let total: usize = counts.iter().map(|(_, c)| c).sum();
    println!("{} distinct words, {total} in all", counts.len());
    for (word, n) in top(&counts, 5) {
        println!("{n:>3} {word}");
    }
    let norm = normalize_all(&["Jobs", "Queues", "Pass", "Workers", "is"], 2)?;
    println!("normalized: {}", norm.join(" "));
    Ok(())
}
