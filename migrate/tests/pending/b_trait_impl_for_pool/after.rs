//! A local trait implemented for the pool adds a batch method.
use std::sync::mpsc::channel;
use workerpool::Pool;

trait Batch {
    fn send_all(&self, items: Vec<u32>) -> usize;
}

impl Batch for Pool<u32> {
    fn send_all(&self, items: Vec<u32>) -> usize {
        items.into_iter().filter(|i| self.delegate(*i).is_ok()).count()
    }
}

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::<u32>::new(8);
    pool.add_worker(move |i: u32| tx.send(i + 1000).unwrap());
    let n = pool.send_all(vec![1, 2, 3]);
    let mut v: Vec<u32> = rx.iter().take(n).collect();
    v.sort();
    println!("{n}: {v:?}");
}
