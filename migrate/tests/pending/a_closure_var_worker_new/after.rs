use std::sync::mpsc::channel;
use workerpool::Pool;

fn main() {
    let (tx, rx) = channel();
    let keep_even = move |n: u64| {
        if n % 2 == 0 {
            tx.send(n).unwrap();
        }
    };
    let pool = Pool::<u64>::new(10);
    pool.add_worker(keep_even);
    for n in 0..10u64 {
        pool.delegate(n).unwrap();
    }
    let mut evens: Vec<u64> = rx.iter().take(5).collect();
    evens.sort();
    println!("{:?}", evens);
}
