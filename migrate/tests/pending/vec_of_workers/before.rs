use std::sync::mpsc::{self, Sender};
use workerpool::{Pool, Worker};

fn make_worker(id: usize, tx: Sender<(usize, u32)>) -> Worker {
    Worker::new(move |x: u32| tx.send((id, x + 1)).unwrap())
}

fn main() {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::new(8);
    let workers: Vec<Worker> = (0..3).map(|id| make_worker(id, tx.clone())).collect();
    for w in &workers {
        pool.add_worker(w).unwrap();
    }
    (0..6u32).for_each(|x| pool.delegate(x).unwrap());
    let mut vals: Vec<u32> = rx.iter().take(6).map(|(_, v)| v).collect();
    vals.sort();
    println!("{:?} workers={}", vals, pool.workers_num());
    pool.stop();
}
