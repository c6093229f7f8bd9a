use std::sync::mpsc::{self, Sender};
use workerpool::{Error, Pool, Worker};

fn attach(pool: &Pool, out: Sender<i64>) -> Result<(), Error> {
    let w = Worker::new(move |x: i64| out.send(x * x).unwrap());
    pool.add_worker(&w)
}

fn main() -> Result<(), Error> {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::new(4);
    attach(&pool, tx)?;
    for x in 1..=4i64 {
        pool.delegate(x)?;
    }
    println!("sum {}", rx.iter().take(4).sum::<i64>());
    Ok(())
}
