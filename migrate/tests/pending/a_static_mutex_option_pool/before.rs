use std::sync::mpsc::{channel, Sender};
use std::sync::Mutex;
use workerpool::{Pool, Worker};

static POOL: Mutex<Option<Pool>> = Mutex::new(None);

fn init(tx: Sender<u32>) {
    let pool = Pool::new(4);
    pool.add_worker(&Worker::new(move |n: u32| tx.send(n * 5).unwrap())).unwrap();
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
