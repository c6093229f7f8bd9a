//! The worker's closure is kept in a variable first, then wrapped.
use std::sync::mpsc::channel;
use workerpool::Pool;

fn main() {
    let (tx, rx) = channel::<(usize, char)>();
    let handler = move |line: String| {
        let first = line.chars().next().unwrap_or('-');
        tx.send((line.len(), first)).unwrap();
    };
    let worker = handler;

    let pool = Pool::<String>::new(5);
    pool.add_worker(worker);
    let lines = ["hello world", "rust", ""];
    for l in lines {
        pool.delegate(l.to_string()).unwrap();
    }
    let mut res: Vec<_> = rx.iter().take(lines.len()).collect();
    res.sort();
    println!("{:?}", res);
}
