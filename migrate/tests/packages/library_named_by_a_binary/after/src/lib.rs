use workerpool::Pool;

pub struct App {
    pub pool: Pool<u32>,
}

pub fn start() -> App {
    App { pool: Pool::new(4) }
}
