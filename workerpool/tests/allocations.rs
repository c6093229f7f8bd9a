//! Queueing a job into a queue with room, a worker taking and running it, async callers
//! waiting for room, and `stop_async` waiting for the workers, allocate nothing, also with
//! job timing and hooks on, with feature `tracing` (no subscriber), and while the stats are
//! read: a counting global allocator fails this test if any does.
//!
//! It runs without the test harness (`harness = false` in Cargo.toml), so that no other
//! test thread allocates while it counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};

use workerpool::Pool;

/// Counts every allocation of the process, on every thread.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator; only counts on the way.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// How many allocations `f` made, on any thread.
fn allocations_in(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    f();
    ALLOCATIONS.load(Ordering::SeqCst) - before
}

const JOBS: u64 = 10_000;

/// Workers in the pools that run jobs.
const WORKERS: usize = 4;

fn delegating_into_room_allocates_nothing() {
    let pool: Pool<u64> = Pool::new(JOBS as usize);
    let made = allocations_in(|| {
        for job in 0..JOBS {
            pool.delegate(job).unwrap();
        }
    });
    assert_eq!(made, 0, "{made} allocations for {JOBS} delegates into room");
    assert_eq!(pool.queued(), JOBS as usize);
}

/// A job that holds its worker until every worker holds one.
const ROLL_CALL: u64 = u64::MAX;

/// A pool that `builder` makes with `WORKERS` workers that add their jobs to the returned
/// total, each thread started (std allocates as a thread starts): each has held a roll-call job.
fn pool_with_started_workers(builder: workerpool::Builder<u64>) -> (Pool<u64>, Arc<AtomicUsize>) {
    let pool: Pool<u64> = builder.build();
    let total = Arc::new(AtomicUsize::new(0));
    let roll_call = Arc::new(Barrier::new(WORKERS + 1));
    for _ in 0..WORKERS {
        let total = Arc::clone(&total);
        let roll_call = Arc::clone(&roll_call);
        // Adding a worker may allocate: its thread, its record.
        pool.add_worker(move |job| {
            if job == ROLL_CALL {
                roll_call.wait();
            } else {
                total.fetch_add(job as usize, Ordering::Relaxed);
            }
        });
    }
    for _ in 0..WORKERS {
        pool.delegate(ROLL_CALL).unwrap();
    }
    roll_call.wait();
    (pool, total)
}

/// Runs jobs on the workers of the pool `builder` makes, reading its stats and job times
/// between rounds, and fails if that allocates. `what` names the pool.
fn running_jobs_on_workers_allocates_nothing(what: &str, builder: workerpool::Builder<u64>) {
    let (pool, total) = pool_with_started_workers(builder);
    // Let every worker go through a whole wait and wake once before counting.
    for round in 0..3 {
        for job in 0..1_000 {
            pool.delegate(job).unwrap();
        }
        pool.wait_idle();
        assert_eq!(total.load(Ordering::Relaxed), 499_500 * (round + 1));
    }
    let made = allocations_in(|| {
        for round in 0..10 {
            for job in 0..JOBS / 10 {
                pool.delegate(job).unwrap();
            }
            // Workers run out of jobs here, wait for more and are woken again.
            pool.wait_idle();
            let _ = round;
            std::hint::black_box((pool.stats(), pool.job_times()));
        }
    });
    assert_eq!(
        made, 0,
        "{made} allocations to queue and run {JOBS} jobs, {what}"
    );
    let stats = pool.stats();
    let jobs = JOBS + 3_000 + WORKERS as u64;
    assert_eq!((stats.delegated, stats.finished), (jobs, jobs), "{what}");
    assert!(pool.stop().is_empty());
}

#[cfg(feature = "v2")]
#[allow(deprecated)]
fn v2_allocates_for_every_job() {
    // The counter sees allocations on worker threads too: the untyped API boxes each job.
    let pool = workerpool::v2::Pool::new(JOBS as usize);
    pool.add_worker(&workerpool::v2::Worker::new(|job: u64| {
        std::hint::black_box(job);
    }))
    .unwrap();
    let made = allocations_in(|| {
        for job in 0..JOBS {
            pool.delegate(job).unwrap();
        }
    });
    assert!(
        made >= JOBS as usize,
        "{made} allocations for {JOBS} v2 delegates"
    );
}

/// Polls every future in `futures` round after round until all have resolved; each must
/// resolve to `Ok`. A no-op waker: the futures are polled again whether woken or not.
fn poll_all_to_completion<F, E>(futures: &mut [Option<F>])
where
    F: std::future::Future<Output = Result<(), E>> + Unpin,
    E: std::fmt::Debug,
{
    let mut context = std::task::Context::from_waker(std::task::Waker::noop());
    let mut left = futures.len();
    while left > 0 {
        for slot in futures.iter_mut() {
            let Some(future) = slot else { continue };
            if let std::task::Poll::Ready(result) = std::pin::Pin::new(future).poll(&mut context) {
                result.unwrap();
                *slot = None;
                left -= 1;
            }
        }
        std::thread::yield_now();
    }
}

/// Async callers waiting for room in a small queue (or, with `queue_len` 0, in the
/// rendezvous line for a worker), and an async wait for idle: once the pool has seen as
/// many futures waiting at once, the next rounds allocate nothing.
fn async_delegates_waiting_allocate_nothing_in_steady_state(queue_len: usize) {
    const WAITING: usize = 64;
    let pool: Pool<u64> = Pool::new(queue_len);
    // Before any worker: the queue full, every future and a wait for idle waiting at once,
    // so the lists grow to the most waiters the rounds below can have, however the worker
    // races them. (Jobs of 0 add nothing to the total.)
    while pool.try_delegate(0).is_ok() {}
    {
        let mut context = std::task::Context::from_waker(std::task::Waker::noop());
        let mut futures: [_; WAITING] = std::array::from_fn(|_| pool.delegate_async(0));
        for future in &mut futures {
            assert!(std::pin::Pin::new(future).poll(&mut context).is_pending());
        }
        let mut idle = pool.wait_idle_async();
        assert!(
            std::pin::Pin::new(&mut idle)
                .poll(&mut context)
                .is_pending()
        );
    }
    let total = Arc::new(AtomicUsize::new(0));
    {
        let total = Arc::clone(&total);
        pool.add_worker(move |job| {
            total.fetch_add(job as usize, Ordering::Relaxed);
        });
    }
    let round = |pool: &Pool<u64>| {
        let mut futures: [Option<_>; WAITING] =
            std::array::from_fn(|job| Some(pool.delegate_async(job as u64)));
        poll_all_to_completion(&mut futures);
        let mut slots: [Option<u64>; WAITING] = std::array::from_fn(|job| Some(job as u64));
        let mut futures: [Option<_>; WAITING] = {
            let mut slots = slots.iter_mut();
            std::array::from_fn(|_| Some(pool.delegate_async_from(slots.next().unwrap())))
        };
        poll_all_to_completion(&mut futures);
        drop(futures);
        assert!(slots.iter_mut().all(|slot| slot.is_none()));
        futures::executor::block_on(pool.wait_idle_async());
    };
    // The first rounds grow the waiting list (and start block_on's thread-local waker).
    for _ in 0..3 {
        round(&pool);
    }
    let made = allocations_in(|| {
        for _ in 0..10 {
            round(&pool);
        }
    });
    assert_eq!(
        made, 0,
        "{made} allocations for 10 rounds of {WAITING} async delegates, queue of {queue_len}"
    );
    let per_round = 2 * (WAITING * (WAITING - 1) / 2);
    assert_eq!(total.load(Ordering::Relaxed), 13 * per_round);
    assert!(pool.stop().is_empty());
}

/// `stop_async` waiting while the workers run the queue and exit allocates nothing; with
/// no worker it allocates once, for the `Vec` it hands back, and not at all for an empty
/// queue.
fn stop_async_allocates_nothing_but_the_jobs_it_hands_back() {
    let (pool, total) = pool_with_started_workers(Pool::builder(1024));
    for job in 0..1_000 {
        pool.delegate(job).unwrap();
    }
    let mut unrun = None;
    let made = allocations_in(|| unrun = Some(futures::executor::block_on(pool.stop_async())));
    assert_eq!(
        made, 0,
        "{made} allocations for a stop_async that waited for {WORKERS} workers"
    );
    assert_eq!(unrun, Some(Vec::new()));
    assert_eq!(total.load(Ordering::Relaxed), 499_500);

    for queued in [0, 1_000] {
        let pool: Pool<u64> = Pool::new(1024);
        for job in 0..queued {
            pool.delegate(job).unwrap();
        }
        let mut unrun = Vec::new();
        let made = allocations_in(|| unrun = futures::executor::block_on(pool.stop_async()));
        assert_eq!(
            made,
            usize::from(queued > 0),
            "{made} allocations to hand back {queued} jobs"
        );
        assert_eq!(unrun.len(), queued as usize);
    }
}

fn main() {
    // The counter must see allocations, or the zeros above would prove nothing.
    assert!(allocations_in(|| drop(std::hint::black_box(vec![1_u8; 64]))) >= 1);

    delegating_into_room_allocates_nothing();
    running_jobs_on_workers_allocates_nothing("no options", Pool::builder(1024));
    let started = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&started);
    let observed = Pool::builder(1024)
        .time_jobs()
        .on_job_start(move |_| {
            counted.fetch_add(1, Ordering::Relaxed);
        })
        .on_job_end(|end| assert!(!end.panicked));
    running_jobs_on_workers_allocates_nothing("timed, with hooks", observed);
    assert_eq!(started.load(Ordering::Relaxed), 13_004, "the hooks ran");
    async_delegates_waiting_allocate_nothing_in_steady_state(4);
    async_delegates_waiting_allocate_nothing_in_steady_state(0);
    stop_async_allocates_nothing_but_the_jobs_it_hands_back();
    #[cfg(feature = "v2")]
    v2_allocates_for_every_job();
    println!(
        "allocations: queueing and running jobs, sync and async, and stop_async allocated nothing"
    );
}
