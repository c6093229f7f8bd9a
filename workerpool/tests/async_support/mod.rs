//! Helpers the async test files share: a gate that holds workers, a record of the jobs
//! run, a waker that counts its wake-ups, a single poll, and tokio runtimes.
// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::task::{Context, Poll, Wake, Waker};

use workerpool::Pool;

/// Holds the workers that pass through it until it is opened.
#[derive(Default)]
pub struct Gate {
    open: Mutex<bool>,
    opened: Condvar,
}

impl Gate {
    pub fn new() -> Arc<Self> {
        Arc::new(Gate::default())
    }

    pub fn pass(&self) {
        let mut open = self.open.lock().unwrap();
        while !*open {
            open = self.opened.wait(open).unwrap();
        }
    }

    /// Passes once the gate opens, or gives up after `patience`: whether it opened. For a
    /// test that fails, rather than hangs, when what should open the gate cannot run.
    pub fn pass_within(&self, patience: std::time::Duration) -> bool {
        let open = self.open.lock().unwrap();
        let (open, _) = self
            .opened
            .wait_timeout_while(open, patience, |open| !*open)
            .unwrap();
        *open
    }

    pub fn open(&self) {
        *self.open.lock().unwrap() = true;
        self.opened.notify_all();
    }

    /// Opens the gate when dropped: a test that fails while workers wait at it then
    /// reports its failure instead of hanging in the pool's drop.
    pub fn opens_on_drop(self: &Arc<Self>) -> OpenOnDrop {
        OpenOnDrop(Arc::clone(self))
    }
}

/// See [`Gate::opens_on_drop`].
pub struct OpenOnDrop(Arc<Gate>);

impl Drop for OpenOnDrop {
    fn drop(&mut self) {
        self.0.open();
    }
}

/// The jobs workers ran, in the order they ran them.
#[derive(Clone, Default)]
pub struct Ran(Arc<Mutex<Vec<u64>>>);

impl Ran {
    pub fn jobs(&self) -> Vec<u64> {
        self.0.lock().unwrap().clone()
    }

    pub fn record(&self, job: u64) {
        self.0.lock().unwrap().push(job);
    }

    /// Adds a worker that records each job, after passing `gate` if there is one.
    pub fn add_worker(&self, pool: &Pool<u64>, gate: Option<Arc<Gate>>) {
        let ran = self.clone();
        pool.add_worker(move |job| {
            if let Some(gate) = &gate {
                gate.pass();
            }
            ran.0.lock().unwrap().push(job);
        });
    }
}

/// A waker that counts how often it was woken.
#[derive(Default)]
pub struct CountingWaker(AtomicUsize);

impl CountingWaker {
    pub fn new() -> (Arc<Self>, Waker) {
        let counter = Arc::new(CountingWaker::default());
        let waker = Waker::from(Arc::clone(&counter));
        (counter, waker)
    }

    pub fn wakes(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }
}

impl Wake for CountingWaker {
    fn wake(self: Arc<Self>) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

/// Waits (yielding the thread) until `condition()`, which other threads make true.
pub fn wait_until(condition: impl Fn() -> bool) {
    while !condition() {
        std::thread::yield_now();
    }
}

/// Polls `future` once with `waker`.
pub fn poll_once<F: Future + Unpin>(future: &mut F, waker: &Waker) -> Poll<F::Output> {
    Pin::new(future).poll(&mut Context::from_waker(waker))
}

/// A tokio runtime on the calling thread only, with timers.
pub fn current_thread() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap()
}

/// A tokio runtime of two threads, with timers.
pub fn multi_thread() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_time()
        .build()
        .unwrap()
}

/// Sorted copy, to compare sets of job ids.
pub fn sorted(mut jobs: Vec<u64>) -> Vec<u64> {
    jobs.sort_unstable();
    jobs
}
