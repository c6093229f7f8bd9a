use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use workerpool::Pool;

static BYTES: AtomicU64 = AtomicU64::new(0);

struct Download {
    size: u64,
}

impl Download {
    fn run(self) {
        BYTES.fetch_add(self.size, Ordering::SeqCst);
    }
}

fn main() {
    let pool = Pool::<Download>::new(4);
    let worker = Download::run;
    pool.add_worker(worker);
    for size in [100, 250, 650] {
        pool.delegate(Download { size }).unwrap();
    }
    while BYTES.load(Ordering::SeqCst) < 1000 {
        thread::yield_now();
    }
    println!("bytes {}", BYTES.load(Ordering::SeqCst));
    pool.stop();
}
