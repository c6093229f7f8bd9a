use std::sync::mpsc;

fn main() {
    let app = shared_app::start();
    let (tx, rx) = mpsc::channel();
    let w = move |n: u32| tx.send(n * 2).unwrap();
    app.pool.add_worker(w);
    app.pool.delegate(7u32).unwrap();
    println!("{}", rx.recv().unwrap());
    app.pool.stop();
}
