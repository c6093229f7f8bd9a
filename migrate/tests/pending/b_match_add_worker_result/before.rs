//! The result of add_worker is matched, with an early return on error.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = channel::<u64>();
    let pool = Pool::new(3);
    let w = Worker::new(move |n: u64| tx.send(n + 1).unwrap());

    match pool.add_worker(&w) {
        Ok(()) => println!("worker added"),
        Err(e) => {
            eprintln!("could not add worker: {e}");
            return;
        }
    }

    for n in 0..5u64 {
        pool.delegate(n).expect("queued");
    }
    let sum: u64 = rx.iter().take(5).sum();
    println!("sum {sum}");
}
