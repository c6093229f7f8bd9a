use workerpool::{Error, Pool, Worker};

fn submit(pool: &Pool, n: u8) -> Result<(), Error> {
    // hand it over
    pool.delegate(n) // may fail with NoWorkers
}

fn main() {
    let pool = Pool::new(2);
    let w = Worker::new(|n: u8| println!("{}", n));
    pool.add_worker(&w).unwrap();
    submit(&pool, 1).unwrap();
    pool.stop();
}
