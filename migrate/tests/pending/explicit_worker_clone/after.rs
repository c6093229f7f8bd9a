use std::sync::mpsc;
use workerpool::Pool;

fn main() {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::<String>::new(4);
    let w = move |s: String| tx.send(s.len()).unwrap();
    let extra = w.clone();
    pool.add_worker(w);
    pool.add_worker(extra);
    pool.delegate("abc".to_string()).unwrap();
    pool.delegate("de".to_string()).unwrap();
    let total: usize = rx.iter().take(2).sum();
    println!("{} on {} workers", total, pool.workers());
    pool.stop();
}
