use std::sync::mpsc::{self, Sender};
use workerpool::Pool;

fn add_workers(pool: &Pool<u64>, tx: Sender<u64>) -> Result<(), String> {
    let double = {
        let tx = tx.clone();
        move |n: u64| tx.send(n * 2).unwrap()
    };
    let square = move |n: u64| tx.send(n * n).unwrap();
    pool.add_worker(double.clone());
    pool.add_worker(square);
    pool.add_worker(double.clone());
    Ok(())
}

fn main() -> Result<(), String> {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::<u64>::new(8);
    add_workers(&pool, tx)?;
    println!("{} workers", pool.workers());
    pool.delegate(3u64).unwrap();
    let got = rx.recv().unwrap();
    println!("{}", got == 6 || got == 9);
    pool.stop();
    Ok(())
}
