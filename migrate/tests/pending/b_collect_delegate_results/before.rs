//! Delegates from an iterator chain and collects the results into one `Result`.
use std::sync::mpsc;
use workerpool::{Pool, Worker};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    const N: u32 = 8;
    let (tx, rx) = mpsc::channel();
    let pool = Pool::new(N as usize);
    let worker = Worker::new(move |i: u32| tx.send(i % 3).unwrap());
    pool.add_worker(&worker)?;

    let sent = (0..N)
        .map(|i| pool.delegate(i))
        .collect::<Result<Vec<_>, _>>()?;

    let got: u32 = rx.iter().take(sent.len()).sum();
    println!("{} jobs, remainder sum {}", sent.len(), got);
    Ok(())
}
