//! The most frequent words of the arguments (or of a sample), on a small pool of its own.

use std::sync::mpsc;

use wordfreq::{chunks, count_chunk, merge, top, BoxError, Counts, TaskPool, TaskWorker};

fn main() -> Result<(), BoxError> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = if args.is_empty() {
        "one two two\nthree three three\nfour four four four".to_string()
    } else {
        args.join("\n")
    };

    let pool = TaskPool::new(4);
    let counter = TaskWorker::new(count_chunk);
    pool.add_worker(&counter)?;
    pool.add_worker(&counter)?;

    let (out, partials) = mpsc::channel::<Counts>();
    let pieces = chunks(&text, 1);
    for piece in &pieces {
        pool.delegate((piece.clone(), out.clone()))?;
    }
    let mut counts = Counts::new();
    for partial in partials.iter().take(pieces.len()) {
        merge(&mut counts, partial);
    }
    for (word, n) in top(&counts, 3) {
        println!("{word}: {n}");
    }
    pool.remove_worker(&counter)?;
    pool.remove_worker(&counter)?;
    Ok(())
}
