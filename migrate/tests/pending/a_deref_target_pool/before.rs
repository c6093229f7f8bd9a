use std::ops::Deref;
use std::sync::mpsc::{channel, Receiver};
use workerpool::{Pool, Worker};

/// A pool that also keeps where its results go.
struct Counted {
    inner: Pool,
    out: Receiver<usize>,
}

impl Deref for Counted {
    type Target = Pool;
    fn deref(&self) -> &Pool {
        &self.inner
    }
}

fn main() {
    let inner = Pool::new(8);
    let (tx, out) = channel();
    let w = Worker::new(move |v: Vec<u8>| tx.send(v.len()).unwrap());
    inner.add_worker(&w).unwrap();
    let pool = Counted { inner, out };
    println!("workers: {}", pool.workers_num());
    pool.delegate(vec![1u8, 2, 3]).unwrap();
    pool.delegate(vec![0u8; 10]).unwrap();
    println!("bytes: {}", pool.out.iter().take(2).sum::<usize>());
}
