use std::sync::mpsc;
use workerpool as wp;

fn main() -> Result<(), wp::Error> {
    let pool = wp::Pool::new(4);
    let (tx, rx) = mpsc::channel();
    let worker = wp::Worker::new(move |s: String| tx.send(s.len()).unwrap());
    pool.add_worker(&worker)?;
    for word in ["rust", "go", "zig"] {
        pool.delegate(word.to_string())?;
    }
    let total: usize = rx.iter().take(3).sum();
    println!("letters {}", total);
    Ok(())
}
