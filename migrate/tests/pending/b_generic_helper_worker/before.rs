//! A generic helper wraps any closure into a Worker.
use std::sync::mpsc::{self, Sender};
use workerpool::{Pool, Worker};

fn wrap<F>(f: F) -> Worker
where
    F: Fn(u32) + Send + Sync + 'static,
{
    Worker::new(f)
}

fn main() {
    let (tx, rx) = mpsc::channel::<u32>();
    let pool = Pool::new(4);
    let out: Sender<u32> = tx;
    let counter = wrap(move |n| out.send(n + 1).unwrap());
    pool.add_worker(&counter).unwrap();
    pool.add_worker(&counter).unwrap();

    for n in 0..10u32 {
        pool.delegate(n).unwrap();
    }
    let total: u32 = rx.iter().take(10).sum();
    println!("total = {total}");
}
