//! A struct holding a pool, printed with {:?}.
use std::sync::mpsc::channel;
use workerpool::Pool;

#[derive(Debug)]
struct Svc {
    name: &'static str,
    pool: Pool<u8>,
}

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::<u8>::new(4);
    pool.add_worker(move |n: u8| tx.send(n).unwrap());
    let s = Svc { name: "svc", pool };
    s.pool.delegate(1u8).unwrap();
    rx.recv().unwrap();
    println!("{}: {:?}", s.name, s);
}
