use std::sync::mpsc;
use workerpool::Pool;

fn main() {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::<u8>::new(4);
    let worker = {
        let tx = tx.clone();
        move |n: u8| tx.send(format!("n{}", n)).unwrap()
    };
    pool.add_worker(worker);
    pool.delegate(1u8).unwrap();
    let first = rx.recv().unwrap();
    pool.stop();

    // A second stage, with its own pool under the same name.
    let pool = Pool::<&'static str>::new(4);
    let worker = move |s: &'static str| tx.send(s.to_uppercase()).unwrap();
    pool.add_worker(worker);
    pool.delegate("second").unwrap();
    let second = rx.recv().unwrap();
    pool.stop();
    println!("{} {}", first, second);
}
