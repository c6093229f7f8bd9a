use workerpool::{Pool, Worker};

pub struct App {
    pub pool: Pool,
}

pub fn start() -> App {
    let pool = Pool::new(1);
    pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();
    App { pool }
}
