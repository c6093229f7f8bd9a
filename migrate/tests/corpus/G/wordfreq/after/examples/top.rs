//! The most frequent words of the arguments (or of a sample), on a small pool of its own.

use std::sync::mpsc;

use wordfreq::{chunks, count_chunk, merge, top, BoxError, Counts, TaskPool};

fn main() -> Result<(), BoxError> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = if args.is_empty() {
        "one two two\nthree three three\nfour four four four".to_string()
    } else {
        args.join("\n")
    };

    let pool = TaskPool::<(String, mpsc::Sender<std::collections::BTreeMap<String, usize>>)>::new(4);
    let counter = count_chunk;
    let mut counter_handles = Vec::new();
    counter_handles.push(pool.add_worker(counter));
    counter_handles.push(pool.add_worker(counter));

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
    if let Some(handle) = counter_handles.pop() {
        handle.remove();
    }
    if let Some(handle) = counter_handles.pop() {
        handle.remove();
    }
    Ok(())
}
