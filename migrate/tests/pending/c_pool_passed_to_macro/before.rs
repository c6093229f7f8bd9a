//! A local `macro_rules!` that delegates several jobs to a pool it is given.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

macro_rules! send_all {
    ($pool:expr, $($job:expr),+ $(,)?) => {
        $( $pool.delegate($job).unwrap(); )+
    };
}

fn main() {
    let pool = Pool::new(8);
    let (tx, rx) = channel();
    let w = Worker::new(move |s: &'static str| tx.send(s.len()).unwrap());
    pool.add_worker(&w).unwrap();
    send_all!(pool, "one", "two", "three");
    let n: usize = rx.iter().take(3).sum();
    println!("chars {n}");
}
