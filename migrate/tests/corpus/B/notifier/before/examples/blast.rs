//! Sends one SMS to many numbers on a pool of its own.

use std::sync::mpsc;

use workerpool::{Pool, Worker};

fn main() -> Result<(), workerpool::Error> {
    let pool = Pool::new(8);
    let (tx, rx) = mpsc::channel();
    let worker = Worker::new(move |number: String| {
        tx.send(format!("sent to {number}")).unwrap();
    });
    for _ in 0..4 {
        pool.add_worker(&worker)?;
    }
    for i in 0..12 {
        pool.delegate(format!("+49155500{i:02}"))?;
    }
    let mut lines: Vec<String> = rx.iter().take(12).collect();
    lines.sort();
    println!("{}", lines.join("\n"));
    pool.stop();
    Ok(())
}
