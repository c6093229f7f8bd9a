use std::sync::mpsc::{self, Sender};
use workerpool::{Error, Pool};

fn attach(pool: &Pool<i64>, out: Sender<i64>) -> Result<(), Error> {
    let w = move |x: i64| out.send(x * x).unwrap();
    pool.add_worker(w);
    Ok(())
}

fn main() -> Result<(), Error> {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::<i64>::new(4);
    attach(&pool, tx)?;
    for x in 1..=4i64 {
        pool.delegate(x)?;
    }
    println!("sum {}", rx.iter().take(4).sum::<i64>());
    Ok(())
}
