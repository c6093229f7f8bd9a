use std::sync::mpsc::{channel, Sender};
use std::sync::Mutex;
use workerpool::Pool;

static POOL: Mutex<Option<Pool<u32>>> = Mutex::new(None);

fn init(tx: Sender<u32>) {
    let pool = Pool::<u32>::new(4);
    pool.add_worker(move |n: u32| tx.send(n * 5).unwrap());
    *POOL.lock().unwrap() = Some(pool);
}

fn submit(n: u32) {
    if let Some(pool) = POOL.lock().unwrap().as_ref() {
        pool.delegate(n).unwrap();
    }
}

fn main() {
    let (tx, rx) = channel();
    init(tx);
    submit(1);
    submit(2);
    println!("{}", rx.iter().take(2).sum::<u32>());
}
