use std::ops::Deref;
use std::sync::mpsc::{channel, Receiver};
use workerpool::Pool;

/// A pool that also keeps where its results go.
struct Counted {
    inner: Pool<Vec<u8>>,
    out: Receiver<usize>,
}

impl Deref for Counted {
    type Target = Pool<Vec<u8>>;
    fn deref(&self) -> &Pool<Vec<u8>> {
        &self.inner
    }
}

fn main() {
    let inner = Pool::<Vec<u8>>::new(8);
    let (tx, out) = channel();
    let w = move |v: Vec<u8>| tx.send(v.len()).unwrap();
    inner.add_worker(w);
    let pool = Counted { inner, out };
    println!("workers: {}", pool.workers());
    pool.delegate(vec![1u8, 2, 3]).unwrap();
    pool.delegate(vec![0u8; 10]).unwrap();
    println!("bytes: {}", pool.out.iter().take(2).sum::<usize>());
}
