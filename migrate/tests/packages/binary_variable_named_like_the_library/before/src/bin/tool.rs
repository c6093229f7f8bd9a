use workerpool::{Pool, Worker};

struct App {
    pool: Pool,
}

fn main() {
    let app = App { pool: Pool::new(1) };
    app.pool.add_worker(&Worker::new(|s: String| drop(s))).unwrap();
    app.pool.delegate(String::new()).unwrap();
}
