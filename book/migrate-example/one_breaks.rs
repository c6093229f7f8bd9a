use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

fn parse(line: &str) -> u32 {
    line.trim().parse().unwrap_or(0)
}

fn lengths() -> usize {
    let (tx, rx) = channel();
    let pool = Pool::new(4);
    let worker = Worker::new(move |name: String| tx.send(name.len()).unwrap());
    pool.add_worker(&worker).unwrap();
    pool.delegate(String::from("ada")).unwrap();
    rx.recv().unwrap()
}

fn sizes() {
    let pool = Pool::new(4);
    pool.add_worker(&Worker::new(|n: u64| println!("size {n}"))).unwrap();
    pool.delegate(parse("7")).unwrap();
}

fn main() {
    println!("{}", lengths());
    sizes();
}
