use workerpool::{Pool, Worker};

pub fn start() -> Pool {
    let pool = Pool::new(4);
    pool.add_worker(&Worker::new(|n: u32| drop(n))).unwrap();
    pool
}
