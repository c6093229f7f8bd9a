use std::sync::mpsc;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::new(4);
    let worker = Worker::new({
        let tx = tx.clone();
        move |n: u8| tx.send(format!("n{}", n)).unwrap()
    });
    pool.add_worker(&worker).unwrap();
    pool.delegate(1u8).unwrap();
    let first = rx.recv().unwrap();
    pool.stop();

    // A second stage, with its own pool under the same name.
    let pool = Pool::new(4);
    let worker = Worker::new(move |s: &'static str| tx.send(s.to_uppercase()).unwrap());
    pool.add_worker(&worker).unwrap();
    pool.delegate("second").unwrap();
    let second = rx.recv().unwrap();
    pool.stop();
    println!("{} {}", first, second);
}
