//! A local closure that takes the pool as a typed parameter.
use std::sync::mpsc::channel;
use workerpool::Pool;

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::<u32>::new(4);
    pool.add_worker(move |n: u32| tx.send(n).unwrap());
    let submit = |p: &Pool<u32>, n: u32| p.delegate(n).unwrap();
    submit(&pool, 4);
    submit(&pool, 5);
    println!("{}", rx.iter().take(2).sum::<u32>());
}
