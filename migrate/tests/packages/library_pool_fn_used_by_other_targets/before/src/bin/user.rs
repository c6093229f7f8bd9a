use std::sync::mpsc::channel;
use workerpool::Pool;

struct App {
    pool: Pool,
}

fn main() {
    let (tx, rx) = channel();
    let app = App { pool: pkg::make_pool(tx) };
    app.pool.delegate(41u32).unwrap();
    println!("{}", rx.recv().unwrap());
}
