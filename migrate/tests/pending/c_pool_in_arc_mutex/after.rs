//! A pool behind a Mutex in an Arc, swapped at run time.
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use workerpool::Pool;

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::<&'static str>::new(4);
    let w = move |s: &'static str| tx.send(s.len()).unwrap();
    pool.add_worker(w);
    let shared: Arc<Mutex<Pool<&'static str>>> = Arc::new(Mutex::new(pool));
    let s2 = Arc::clone(&shared);
    std::thread::spawn(move || s2.lock().unwrap().delegate("abc").unwrap())
        .join()
        .unwrap();
    shared.lock().unwrap().delegate("de").unwrap();
    println!("{}", rx.iter().take(2).sum::<usize>());
}
