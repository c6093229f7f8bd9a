use std::sync::mpsc;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::new(4);
    let w = Worker::new(move |s: String| tx.send(s.len()).unwrap());
    let extra = w.clone();
    pool.add_worker(&w).unwrap();
    pool.add_worker(&extra).unwrap();
    pool.delegate("abc".to_string()).unwrap();
    pool.delegate("de".to_string()).unwrap();
    let total: usize = rx.iter().take(2).sum();
    println!("{} on {} workers", total, pool.workers_num());
    pool.stop();
}
