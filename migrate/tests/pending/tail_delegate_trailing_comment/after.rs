use workerpool::{Error, Pool};

fn submit(pool: &Pool<u8>, n: u8) -> Result<(), Error> {
    // hand it over
    pool.delegate(n)?; // may fail with NoWorkers
    Ok(())
}

fn main() {
    let pool = Pool::<u8>::new(2);
    let w = |n: u8| println!("{}", n);
    pool.add_worker(w);
    submit(&pool, 1).unwrap();
    pool.stop();
}
