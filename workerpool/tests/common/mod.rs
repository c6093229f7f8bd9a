//! Helpers the test files share.
// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use workerpool::Pool;

/// Counts worker funcs dropped: a worker's func is dropped as its thread ends.
pub struct DropCounter(pub Arc<AtomicUsize>);

impl Drop for DropCounter {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

/// Runs `f` with the default panic output silenced (for tests that panic on purpose).
pub fn with_quiet_panics<R>(f: impl FnOnce() -> R) -> R {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = f();
    std::panic::set_hook(hook);
    result
}

/// Runs `f` on its own thread and returns its result, or fails the test if it has not
/// finished after `seconds` (a deadlock or a lost wakeup, not slowness: pick a bound far
/// above any honest run). The stuck thread is left behind; the test binary still exits.
pub fn within<R: Send + 'static>(
    seconds: u64,
    what: &str,
    f: impl FnOnce() -> R + Send + 'static,
) -> R {
    let (done, finished) = std::sync::mpsc::channel();
    let running = std::thread::spawn(move || {
        let _ = done.send(f());
    });
    match finished.recv_timeout(std::time::Duration::from_secs(seconds)) {
        Ok(result) => result,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what}: still not done after {seconds} s (deadlock or lost wakeup)")
        }
        // It panicked: fail with its message.
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => match running.join() {
            Err(payload) => std::panic::resume_unwind(payload),
            Ok(()) => unreachable!("the thread sends its result before it ends"),
        },
    }
}

/// Spins for about `micros` microseconds: a job that keeps its worker busy without sleeping.
pub fn spin_for(micros: u64) {
    let until = std::time::Instant::now() + std::time::Duration::from_micros(micros);
    while std::time::Instant::now() < until {
        std::hint::spin_loop();
    }
}

/// A pool shared with its own workers, which hold only a weak reference: a job can stop
/// its own pool, or drop the last reference to it.
pub fn pool_with_weak_workers<T, F>(queue_len: usize, workers: usize, work: F) -> Arc<Pool<T>>
where
    T: Send + 'static,
    F: Fn(&Arc<Pool<T>>, T) + Send + Sync + 'static,
{
    let pool = Arc::new(Pool::new(queue_len));
    let work = Arc::new(work);
    for _ in 0..workers {
        let (inner, work) = (Arc::downgrade(&pool), Arc::clone(&work));
        pool.add_worker(move |job| {
            if let Some(pool) = inner.upgrade() {
                work(&pool, job);
            }
        });
    }
    pool
}
