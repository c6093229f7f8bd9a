use workerpool::Pool;

pub struct App {
    pub pool: Pool,
}

pub fn start() -> App {
    App { pool: Pool::new(4) }
}
