use std::sync::mpsc::{self, Sender};
use workerpool::Pool;

fn make_worker(id: usize, tx: Sender<(usize, u32)>) -> impl FnMut(u32) + Send + 'static {
    move |x: u32| tx.send((id, x + 1)).unwrap()
}

fn main() {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::<u32>::new(8);
    let workers: Vec<_> = (0..3).map(|id| make_worker(id, tx.clone())).collect();
    for w in workers {
        pool.add_worker(w);
    }
    (0..6u32).for_each(|x| pool.delegate(x).unwrap());
    let mut vals: Vec<u32> = rx.iter().take(6).map(|(_, v)| v).collect();
    vals.sort();
    println!("{:?} workers={}", vals, pool.workers());
    pool.stop();
}
