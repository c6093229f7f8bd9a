use std::sync::mpsc;
use std::sync::Arc;
use workerpool::{Pool, Worker};

type SharedPool = Arc<Pool>;

fn build(tx: mpsc::Sender<f64>) -> SharedPool {
    let pool = Pool::new(4);
    let w = Worker::new(move |x: f64| tx.send(x.sqrt()).unwrap());
    pool.add_worker(&w).unwrap();
    Arc::new(pool)
}

fn main() {
    let (tx, rx) = mpsc::channel();
    let pool: SharedPool = build(tx);
    for x in [4.0, 9.0, 16.0] {
        pool.delegate(x).unwrap();
    }
    let mut roots: Vec<f64> = rx.iter().take(3).collect();
    roots.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("{:?}", roots);
    pool.stop();
}
