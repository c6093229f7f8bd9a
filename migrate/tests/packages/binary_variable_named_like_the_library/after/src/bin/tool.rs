use workerpool::Pool;

struct App {
    pool: Pool<String>,
}

fn main() {
    let app = App { pool: Pool::new(1) };
    app.pool.add_worker(|s: String| drop(s));
    app.pool.delegate(String::new()).unwrap();
}
