//! A process-wide pool of encoder threads, started on first use.

use std::sync::mpsc::{channel, Sender};
use std::sync::{Mutex, OnceLock};

use workerpool::{Pool, Worker};

static ENCODERS: OnceLock<Pool> = OnceLock::new();

/// The shared pool.
pub fn encoders() -> &'static Pool {
    ENCODERS.get_or_init(|| {
        let pool = Pool::new(8);
        let worker = Worker::new(|(n, done): (u32, Sender<u32>)| done.send(n * 2).unwrap());
        for _ in 0..3 {
            pool.add_worker(&worker).unwrap();
        }
        pool
    })
}

/// Doubles `n` on the pool.
pub fn double(n: u32) -> u32 {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _one = ONE_AT_A_TIME.lock().unwrap();
    let (tx, rx) = channel();
    encoders().delegate((n, tx)).unwrap();
    rx.recv().unwrap()
}
