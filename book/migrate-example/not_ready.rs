use workerpool::{Error, Pool, Worker};

fn main() {
    let pool = Pool::new(10);
    match pool.delegate(1u32) {
        Err(Error::NoWorkers) => println!("not ready"),
        Ok(()) => {}
    }

    let jobs = Pool::new(10);
    let w = Worker::new(|n: u32| println!("{n}"));
    jobs.add_worker(&w).unwrap();
    jobs.stop();
    if jobs.delegate(2u32).is_err() {
        println!("stopped");
    }
}
