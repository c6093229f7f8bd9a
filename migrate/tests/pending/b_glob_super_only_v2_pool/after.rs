//! A module takes the pool by `use super::*` and keeps one pool that must stay on 2.x.
use std::sync::mpsc::channel;
use workerpool::Pool;

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::<i8>::new(2);
    let w = move |x: i8| tx.send(x * 2).unwrap();
    pool.add_worker(w);
    pool.delegate(-3i8).unwrap();
    println!("doubled {}", rx.recv().unwrap());
    println!("refuses without workers: {}", checks::refuses_without_workers());
}

mod checks {
    use workerpool::v2::Pool;

    /// 2.x's delegate fails on a pool that has no worker.
    pub fn refuses_without_workers() -> bool {
        let pool = Pool::new(1);
        pool.delegate(1u8).is_err()
    }
}
