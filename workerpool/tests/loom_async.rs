//! Model-checked races of the async ways in (loom explores their interleavings): a future
//! waiting for room, or on a rendezvous pool for a worker, against a worker freeing room
//! or taking its job, and against `stop`; a woken future filling the queue while the
//! worker frees it again; `wait_idle_async` against a worker finishing; `stop_async`
//! against the worker it waits for, against a sync `stop`, and dropped while it holds the
//! leftovers.
//!
//! Run with `RUSTFLAGS="--cfg loom" cargo test -p typed-workerpool --release --test loom_async`.
#![cfg(loom)]

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Wake, Waker};

use loom::future::block_on;
use loom::sync::Mutex;
use loom::thread;
use workerpool::{Error, Pool};

/// Explores interleavings with up to `LOOM_MAX_PREEMPTIONS` (default 2) preemptions.
fn model(test: impl Fn() + Sync + Send + 'static) {
    let mut builder = loom::model::Builder::new();
    if builder.preemption_bound.is_none() {
        builder.preemption_bound = Some(2);
    }
    // Spinning waits make long paths: allow them.
    builder.max_branches = 100_000;
    builder.check(test);
}

/// Adds a worker that counts the jobs it runs, and returns the count.
fn add_counting_worker(pool: &Pool<u32>) -> Arc<AtomicUsize> {
    let ran = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&ran);
    pool.add_worker(move |_| {
        counted.fetch_add(1, Ordering::SeqCst);
    });
    ran
}

/// Calls `stop` on a thread of its own, racing the model's main thread.
fn stop_on_another_thread(pool: &loom::sync::Arc<Pool<u32>>) -> thread::JoinHandle<Vec<u32>> {
    let pool = loom::sync::Arc::clone(pool);
    thread::spawn(move || pool.stop())
}

/// A full queue; a worker starts and frees the slot while the future registers its waker.
/// However they interleave, the future is woken and gets in: both jobs run.
#[test]
fn a_future_waiting_for_room_is_woken_by_the_worker_that_frees_it() {
    model(|| {
        let pool = Pool::new(1);
        pool.delegate(1_u32).unwrap();
        let ran = add_counting_worker(&pool);
        block_on(pool.delegate_async(2)).unwrap();
        assert!(pool.stop().is_empty());
        assert_eq!(ran.load(Ordering::SeqCst), 2);
    });
}

/// A waker that logs its future's number when woken, under a lock as an executor's run
/// queue is: the model can switch threads as the wake-up comes in.
struct Logged {
    id: u32,
    log: Arc<Mutex<Vec<u32>>>,
}

impl Wake for Logged {
    fn wake(self: Arc<Self>) {
        self.log.lock().unwrap().push(self.id);
    }
}

/// Three futures wait for room in a queue of one, 1 first. The worker takes the queued job
/// and wakes 1, which fills the queue again; the worker takes that job too and wakes the
/// next waiter. However the worker's pop and wake-up interleave with 1's push, 1 passes no
/// wake-up on (it left no room), so none goes to 3, before or beside 2's: a future woken
/// first would get in first.
#[test]
fn a_future_that_fills_the_queue_leaves_the_next_wake_up_to_the_worker() {
    model(|| {
        let pool = Pool::new(1);
        pool.delegate(100_u32).unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let wakers: Vec<_> = (1..=3)
            .map(|id| {
                let log = Arc::clone(&log);
                Waker::from(Arc::new(Logged { id, log }))
            })
            .collect();
        let mut waiting: Vec<_> = (1..=3).map(|job| pool.delegate_async(job)).collect();
        for (delegate, waker) in waiting.iter_mut().zip(&wakers) {
            assert!(poll(delegate, waker).is_pending());
        }
        let ran = add_counting_worker(&pool);
        // Polled once woken, as an executor does.
        while log.lock().unwrap().is_empty() {
            thread::yield_now();
        }
        assert!(poll(&mut waiting[0], &wakers[0]).is_ready());
        let woken = log.lock().unwrap().clone();
        // No future is woken while an older one waits unwoken (the old pass-on let 3's
        // waker be called while the worker had 2's in hand)...
        let in_order = woken.iter().copied().eq(1..=woken.len() as u32);
        assert!(in_order, "woken out of order: {woken:?}");
        // ...as the slot that 1 filled is freed once, and one wake-up goes out for it.
        assert!(woken.len() <= 2, "two wake-ups for one slot: {woken:?}");
        drop(waiting);
        assert!(pool.stop().is_empty());
        assert_eq!(ran.load(Ordering::SeqCst), 2);
    });
}

/// Polls `future` once with `waker`.
fn poll<F: Future + Unpin>(future: &mut F, waker: &Waker) -> std::task::Poll<F::Output> {
    std::pin::Pin::new(future).poll(&mut Context::from_waker(waker))
}

/// A full queue and no worker; `stop` races the future's registration. The future always
/// wakes with its job back, and `stop` hands back the queued one: nothing lost.
#[test]
fn a_future_waiting_for_room_gets_its_job_back_when_stop_races_it() {
    model(|| {
        let pool = loom::sync::Arc::new(Pool::new(1));
        pool.delegate(1_u32).unwrap();
        let stopping = stop_on_another_thread(&pool);
        let err = block_on(pool.delegate_async(2)).unwrap_err();
        assert_eq!(err.kind(), Error::Stopped);
        assert_eq!(err.into_job(), 2);
        assert_eq!(stopping.join().unwrap(), [1]);
    });
}

/// The cancel-safe form against a worker freeing room: whether the future got in before it
/// was dropped or not, the job runs once or is still in its slot.
#[test]
fn a_dropped_cancel_safe_future_leaves_the_job_or_queued_it_never_both() {
    model(|| {
        let pool = Pool::new(1);
        pool.delegate(1_u32).unwrap();
        let ran = add_counting_worker(&pool);
        let mut slot = Some(2);
        {
            let mut delegate = std::pin::pin!(pool.delegate_async_from(&mut slot));
            let waker = std::task::Waker::noop();
            let _ = delegate
                .as_mut()
                .poll(&mut std::task::Context::from_waker(waker));
        }
        assert!(pool.stop().is_empty());
        let queued = usize::from(slot.is_none());
        assert_eq!(ran.load(Ordering::SeqCst), 1 + queued);
    });
}

/// A rendezvous pool: a worker starts while the future offers its job. However they
/// interleave (the worker waiting first and taking it straight, or the offer first), the
/// future is woken by the worker that takes its job, which runs once.
#[test]
fn a_rendezvous_future_is_woken_by_the_worker_that_takes_its_job() {
    model(|| {
        let pool = Pool::new(0);
        let ran = add_counting_worker(&pool);
        block_on(pool.delegate_async(1)).unwrap();
        assert!(pool.stop().is_empty());
        assert_eq!(ran.load(Ordering::SeqCst), 1);
    });
}

/// A rendezvous pool with no worker: `stop` races the future's offer. The future always
/// wakes with its job back, and `stop` has nothing to hand back itself.
#[test]
fn a_rendezvous_future_gets_its_job_back_when_stop_races_its_offer() {
    model(|| {
        let pool = loom::sync::Arc::new(Pool::new(0));
        let stopping = stop_on_another_thread(&pool);
        let err = block_on(pool.delegate_async(2_u32)).unwrap_err();
        assert_eq!(err.kind(), Error::Stopped);
        assert_eq!(err.into_job(), 2);
        assert!(stopping.join().unwrap().is_empty());
    });
}

/// `wait_idle_async` against the worker finishing the job queued before it: the future is
/// woken (or finds the pool idle) however the worker's finish and its registration
/// interleave, and resolves only once the job has run.
#[test]
fn wait_idle_async_is_woken_by_the_worker_that_finishes_the_last_job() {
    model(|| {
        let pool = Pool::new(1);
        let ran = add_counting_worker(&pool);
        pool.delegate(1).unwrap();
        block_on(pool.wait_idle_async());
        assert_eq!(ran.load(Ordering::SeqCst), 1);
        assert!(pool.stop().is_empty());
    });
}

/// `stop_async` against the worker that runs the queue and exits: the future is woken by
/// the worker's exit (or finds it gone) however its registration interleaves with it, and
/// resolves only once the job has run.
#[test]
fn stop_async_is_woken_by_the_worker_that_exits() {
    model(|| {
        let pool = Pool::new(1);
        pool.delegate(1).unwrap();
        let ran = add_counting_worker(&pool);
        assert!(block_on(pool.stop_async()).is_empty());
        assert_eq!(ran.load(Ordering::SeqCst), 1);
        assert_eq!(pool.workers(), 0);
    });
}

/// `stop_async` and a sync `stop` from another thread, on a pool whose queue no worker
/// runs: exactly one of them hands back the queued job.
#[test]
fn stop_async_racing_a_sync_stop_hands_back_the_leftovers_once() {
    model(|| {
        let pool = loom::sync::Arc::new(Pool::new(1));
        pool.delegate(1_u32).unwrap();
        let stopping = stop_on_another_thread(&pool);
        let mut unrun = block_on(pool.stop_async());
        unrun.extend(stopping.join().unwrap());
        assert_eq!(unrun, [1]);
    });
}

/// A `stop_async` polled once and dropped, while its worker is being removed (so the
/// queued job may be left for the stop to hand back) and a sync `stop` runs on another
/// thread: whichever of the two held the claim, the job runs or one of the stops hands it
/// back, exactly once, and nothing waits for the dropped future.
#[test]
fn a_dropped_stop_async_passes_its_leftovers_to_the_next_stop() {
    model(|| {
        let pool = loom::sync::Arc::new(Pool::new(1));
        let ran = Arc::new(AtomicUsize::new(0));
        let worker = {
            let ran = Arc::clone(&ran);
            pool.add_worker(move |_: u32| {
                ran.fetch_add(1, Ordering::SeqCst);
            })
        };
        pool.delegate(1).unwrap();
        let removing = thread::spawn(move || worker.remove());
        // Resolved at once if the worker was gone already: then it hands the job back.
        let resolved = {
            let mut stop = std::pin::pin!(pool.stop_async());
            let waker = std::task::Waker::noop();
            match stop
                .as_mut()
                .poll(&mut std::task::Context::from_waker(waker))
            {
                std::task::Poll::Ready(unrun) => unrun,
                std::task::Poll::Pending => Vec::new(),
            }
        };
        let stopping = stop_on_another_thread(&pool);
        removing.join().unwrap();
        let unrun = stopping.join().unwrap();
        let handed_back = resolved.len() + unrun.len();
        assert_eq!(ran.load(Ordering::SeqCst) + handed_back, 1);
    });
}
