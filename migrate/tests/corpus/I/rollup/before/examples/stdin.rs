//! `printf 'cpu 1 5\ncpu 2 7\n' | cargo run --example stdin`
use rollup::{build, BoxError};
use std::io::BufRead;
use std::sync::mpsc;

fn main() -> Result<(), BoxError> {
    let (events, done) = mpsc::channel();
    let pipeline = build(60, events)?;
    let mut n = 0;
    for line in std::io::stdin().lock().lines() {
        pipeline.push(&line?)?;
        n += 1;
    }
    let rejected = done.iter().take(n).filter(|e| *e != rollup::Event::Counted).count();
    for ((metric, start), stats) in pipeline.table.snapshot() {
        println!("{metric} {start} {stats:?}");
    }
    eprintln!("{rejected} of {n} lines rejected");
    Ok(())
}
