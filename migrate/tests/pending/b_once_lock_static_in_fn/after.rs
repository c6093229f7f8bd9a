//! A lazily built process-wide pool whose `static` lives inside its accessor.
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Mutex, OnceLock};
use workerpool::Pool;

static DONE: OnceLock<(SyncSender<usize>, Mutex<Receiver<usize>>)> = OnceLock::new();

fn pool() -> &'static Pool<usize> {
    static POOL: OnceLock<Pool<usize>> = OnceLock::new();
    POOL.get_or_init(|| {
        let pool = Pool::<usize>::new(16);
        let w = |n: usize| DONE.get().unwrap().0.send(n * 2).unwrap();
        pool.add_worker(w);
        pool
    })
}

fn main() {
    let (tx, rx) = sync_channel(16);
    DONE.set((tx, Mutex::new(rx))).ok().unwrap();
    for n in 1..=4usize {
        pool().delegate(n).unwrap();
    }
    let rx = DONE.get().unwrap().1.lock().unwrap();
    let sum: usize = (0..4).map(|_| rx.recv().unwrap()).sum();
    println!("sum {sum}");
}
