//! Counts the jobs the pool refused with `filter_map(.. .err())`.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = channel::<u8>();
    let pool = Pool::new(32);
    let w = Worker::new(move |n: u8| tx.send(n).unwrap());
    pool.add_worker(&w).unwrap();

    let input: Vec<u8> = (0..20).collect();
    let refused = input
        .iter()
        .filter(|n| *n % 5 == 1)
        .filter_map(|n| pool.delegate(*n).err())
        .count();

    let mut got: Vec<u8> = rx.iter().take(4 - refused).collect();
    got.sort();
    println!("refused {refused}, ran {got:?}");
}
