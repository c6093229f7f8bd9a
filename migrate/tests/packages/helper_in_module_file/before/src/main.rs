mod workers;

use std::sync::mpsc::channel;
use workerpool::Pool;

use crate::workers::length_worker;

fn main() {
    let pool = Pool::new(16);
    let (tx, rx) = channel();
    for _ in 0..2 {
        let w = length_worker(tx.clone());
        pool.add_worker(&w).unwrap();
    }
    // Called through its module's path, as often as by its imported name.
    pool.add_worker(&workers::length_worker(tx)).unwrap();
    for word in ["x", "yy", "zzz"] {
        pool.delegate(word.to_string()).unwrap();
    }
    println!("{}", rx.iter().take(3).sum::<usize>());
}
