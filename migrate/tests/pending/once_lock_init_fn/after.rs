use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;
use std::thread;
use workerpool::Pool;

static COUNTER: AtomicU32 = AtomicU32::new(0);
static POOL: OnceLock<Pool<u32>> = OnceLock::new();

fn count(n: u32) {
    COUNTER.fetch_add(n, Ordering::SeqCst);
}

fn build() -> Pool<u32> {
    let pool = Pool::<u32>::new(8);
    pool.add_worker(count);
    pool
}

fn global() -> &'static Pool<u32> {
    POOL.get_or_init(build)
}

fn main() {
    for n in 1..=4u32 {
        global().delegate(n).unwrap();
    }
    while COUNTER.load(Ordering::SeqCst) < 10 {
        thread::yield_now();
    }
    println!("counted {}", COUNTER.load(Ordering::SeqCst));
    global().stop();
}
