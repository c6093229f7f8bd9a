use std::sync::mpsc::channel;
use workerpool::Pool;

trait PoolExt {
    fn submit_all(&self, items: &[u32]) -> usize;
}

impl PoolExt for Pool<u32> {
    fn submit_all(&self, items: &[u32]) -> usize {
        items.iter().filter(|&&n| self.delegate(n).is_ok()).count()
    }
}

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::<u32>::new(8);
    pool.add_worker(move |n: u32| tx.send(n + 1).unwrap());
    let n = pool.submit_all(&[1, 2, 3]);
    println!("{}", rx.iter().take(n).sum::<u32>());
}
