use std::sync::mpsc::{self, Sender};
use workerpool::{Pool, Worker};

fn add_workers(pool: &Pool, tx: Sender<u64>) -> Result<(), String> {
    let double = {
        let tx = tx.clone();
        Worker::new(move |n: u64| tx.send(n * 2).unwrap())
    };
    let square = Worker::new(move |n: u64| tx.send(n * n).unwrap());
    pool.add_worker(&double).map_err(|e| e.to_string())?;
    if let Err(e) = pool.add_worker(&square) {
        return Err(format!("no square worker: {}", e));
    }
    if pool.add_worker(&double).is_err() {
        return Err("no second double worker".into());
    }
    Ok(())
}

fn main() -> Result<(), String> {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::new(8);
    add_workers(&pool, tx)?;
    println!("{} workers", pool.workers_num());
    pool.delegate(3u64).unwrap();
    let got = rx.recv().unwrap();
    println!("{}", got == 6 || got == 9);
    pool.stop();
    Ok(())
}
