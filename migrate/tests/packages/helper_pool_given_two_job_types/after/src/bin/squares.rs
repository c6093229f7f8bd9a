use std::sync::mpsc;

use helper_pool_given_two_job_types::with_pool;
use workerpool::SharedWorker;

fn main() -> Result<(), workerpool::Error> {
    let (tx, rx) = mpsc::channel();
    let square = SharedWorker::new(move |n: u64| tx.send(n * n).unwrap());
    let mut squares = with_pool(&square, 2, |pool| -> Result<Vec<u64>, workerpool::Error> {
        for n in 1..=4u64 {
            pool.delegate(n)?;
        }
        Ok(rx.iter().take(4).collect())
    })??;
    squares.sort();
    println!("{squares:?}");
    Ok(())
}
