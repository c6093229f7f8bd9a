//! A struct holding a pool, printed with {:?}.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

#[derive(Debug)]
struct Svc {
    name: &'static str,
    pool: Pool,
}

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::new(4);
    pool.add_worker(&Worker::new(move |n: u8| tx.send(n).unwrap())).unwrap();
    let s = Svc { name: "svc", pool };
    s.pool.delegate(1u8).unwrap();
    rx.recv().unwrap();
    println!("{}: {:?}", s.name, s);
}
