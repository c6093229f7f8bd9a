use anyhow::{Context, Result};
use std::sync::mpsc;
use workerpool::Pool;

fn main() -> Result<()> {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::<String>::new(4);
    let parser = move |s: String| {
        tx.send(s.trim().parse::<i64>().unwrap_or(0)).unwrap();
    };
    pool.add_worker(parser);
    for s in [" 12", "30 "] {
        pool.delegate(s.to_string())?;
    }
    pool.delegate("x".to_string()).context("queueing the last line")?;
    let sum: i64 = rx.iter().take(3).sum();
    println!("sum {}", sum);
    pool.stop();
    Ok(())
}
