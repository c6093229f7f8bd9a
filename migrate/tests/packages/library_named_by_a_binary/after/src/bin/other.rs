use workerpool::Pool;

struct App {
    pool: Pool<String>,
}

fn main() {
    let app = App { pool: Pool::new(2) };
    let w = |s: String| println!("{s}");
    app.pool.add_worker(w);
    app.pool.delegate("hi".to_string()).unwrap();
    app.pool.stop();
}
