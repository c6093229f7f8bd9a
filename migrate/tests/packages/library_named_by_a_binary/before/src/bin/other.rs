use workerpool::{Pool, Worker};

struct App {
    pool: Pool,
}

fn main() {
    let app = App { pool: Pool::new(2) };
    let w = Worker::new(|s: String| println!("{s}"));
    app.pool.add_worker(&w).unwrap();
    app.pool.delegate("hi".to_string()).unwrap();
    app.pool.stop();
}
