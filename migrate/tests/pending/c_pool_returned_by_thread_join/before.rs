//! A pool moved into a thread, used there, and handed back by `join()`.
use std::sync::mpsc::channel;
use std::thread;
use workerpool::{Pool, Worker};

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::new(4);
    let w = Worker::new(move |s: String| tx.send(s.len()).unwrap());
    pool.add_worker(&w).unwrap();

    let handle = thread::spawn(move || {
        for s in ["ab", "cde"] {
            pool.delegate(s.to_string()).unwrap();
        }
        pool
    });
    let pool = handle.join().unwrap();
    pool.delegate("fghi".to_string()).unwrap();
    let total: usize = rx.iter().take(3).sum();
    println!("total {total}, workers {}", pool.workers_num());
}
