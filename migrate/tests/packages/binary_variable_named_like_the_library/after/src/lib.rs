use workerpool::Pool;

pub struct App {
    pub pool: Pool<u8>,
}

pub fn start() -> App {
    let pool = Pool::<u8>::new(1);
    pool.add_worker(|n: u8| drop(n));
    App { pool }
}
