use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use workerpool::{Pool, Worker};

/// Grows and shrinks the number of worker threads.
struct Scaler {
    pool: Pool,
    worker: Worker,
}

impl Scaler {
    fn new(done: Arc<AtomicUsize>) -> Scaler {
        let worker = Worker::new(move |_n: u32| {
            done.fetch_add(1, Ordering::SeqCst);
        });
        Scaler { pool: Pool::new(16), worker }
    }

    fn grow(&self, by: usize) {
        for _ in 0..by {
            self.pool.add_worker(&self.worker).unwrap();
        }
    }

    fn shrink(&self) {
        self.pool.remove_worker(&self.worker).unwrap();
    }
}

fn main() {
    let done = Arc::new(AtomicUsize::new(0));
    let scaler = Scaler::new(done.clone());
    scaler.grow(3);
    scaler.shrink();
    for n in 0..6u32 {
        scaler.pool.delegate(n).unwrap();
    }
    while done.load(Ordering::SeqCst) < 6 {
        thread::yield_now();
    }
    println!("done {}", done.load(Ordering::SeqCst));
    scaler.pool.stop();
}
