//! A pool per thread, made by a function, kept in a `thread_local!`.
use std::sync::mpsc::{channel, Sender};
use std::sync::Mutex;
use workerpool::{Pool, Worker};

static OUT: Mutex<Option<Sender<u32>>> = Mutex::new(None);

fn make_pool() -> Pool {
    let pool = Pool::new(4);
    let w = Worker::new(|n: u32| {
        OUT.lock().unwrap().as_ref().unwrap().send(n + 1).unwrap();
    });
    pool.add_worker(&w).unwrap();
    pool
}

thread_local! {
    static POOL: Pool = make_pool();
}

fn main() {
    let (tx, rx) = channel();
    *OUT.lock().unwrap() = Some(tx);
    POOL.with(|p| {
        for n in 0..4u32 {
            p.delegate(n).unwrap();
        }
    });
    println!("sum {}", rx.iter().take(4).sum::<u32>());
}
