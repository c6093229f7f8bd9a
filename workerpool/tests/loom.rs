//! Model-checked races (loom explores their interleavings): delegate against stop, a full
//! queue against stop, removal against a waiting worker, wait_idle against a worker and
//! against a concurrent delegate and with two workers racing, two rendezvous delegates and
//! one worker, stop from two workers, and the stats: a snapshot against a running job, and
//! a worker added as another exits, taking over its cell (the running state `wait_idle`
//! reads lives there).
//!
//! Run with `RUSTFLAGS="--cfg loom" cargo test -p typed-workerpool --test loom --release`.
#![cfg(loom)]

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use loom::thread;
use workerpool::Pool;

/// Explores interleavings with up to `LOOM_MAX_PREEMPTIONS` (default 2) preemptions.
fn model(test: impl Fn() + Sync + Send + 'static) {
    model_bounded(2, test);
}

/// As [`model`], with up to `preemptions` preemptions by default: for models with more
/// threads, whose space grows too fast to explore deeper within CI's minutes.
fn model_bounded(preemptions: usize, test: impl Fn() + Sync + Send + 'static) {
    let mut builder = loom::model::Builder::new();
    if builder.preemption_bound.is_none() {
        builder.preemption_bound = Some(preemptions);
    }
    // Spinning waits make long paths: allow them.
    builder.max_branches = 100_000;
    builder.check(test);
}

/// A worker that counts the jobs it runs (std atomics: read only after joins).
fn counting_worker(pool: &Pool<u32>, ran: &Arc<AtomicUsize>) -> workerpool::WorkerHandle {
    let ran = Arc::clone(ran);
    pool.add_worker(move |_| {
        ran.fetch_add(1, Ordering::SeqCst);
    })
}

#[test]
fn delegate_against_stop_runs_the_job_once_or_hands_it_back() {
    model(|| {
        let pool = loom::sync::Arc::new(Pool::new(1));
        let ran = Arc::new(AtomicUsize::new(0));
        counting_worker(&pool, &ran);
        let delegating = {
            let pool = loom::sync::Arc::clone(&pool);
            thread::spawn(move || pool.delegate(7).err().map(|err| err.into_job()))
        };
        let unrun = pool.stop();
        let refused = delegating.join().unwrap();
        let handed_back = unrun.len() + usize::from(refused.is_some());
        assert_eq!(ran.load(Ordering::SeqCst) + handed_back, 1);
        // A worker was there all along: stop never has to hand a queued job back.
        assert!(unrun.is_empty());
    });
}

#[test]
fn a_delegate_waiting_on_a_full_queue_gets_its_job_back_on_stop() {
    model(|| {
        let pool = loom::sync::Arc::new(Pool::new(1));
        pool.delegate(1_u32).unwrap();
        let waiting = {
            let pool = loom::sync::Arc::clone(&pool);
            thread::spawn(move || pool.delegate(2))
        };
        let unrun = pool.stop();
        let err = waiting.join().unwrap().unwrap_err();
        assert!(err.is_stopped());
        assert_eq!(err.into_job(), 2);
        assert_eq!(unrun, [1]);
    });
}

#[test]
fn removing_a_waiting_worker_loses_no_job() {
    model(|| {
        let pool = loom::sync::Arc::new(Pool::new(2));
        let ran = Arc::new(AtomicUsize::new(0));
        let worker = counting_worker(&pool, &ran);
        let removing = thread::spawn(move || {
            worker.remove();
            worker.join(); // the worker exits: no hang
        });
        pool.delegate(1).unwrap();
        removing.join().unwrap();
        // Whether the worker took the job before it saw its removal or not, the job
        // either ran or is still queued for stop to hand back.
        let unrun = pool.stop();
        assert_eq!(ran.load(Ordering::SeqCst) + unrun.len(), 1);
    });
}

#[test]
fn wait_idle_returns_after_the_job_ran() {
    model(|| {
        let pool = Pool::new(1);
        let ran = Arc::new(AtomicUsize::new(0));
        counting_worker(&pool, &ran);
        pool.delegate(1).unwrap();
        pool.wait_idle();
        assert_eq!(ran.load(Ordering::SeqCst), 1);
        assert!(pool.stop().is_empty());
    });
}

/// Two jobs that each wait until both are running: they finish only if a second worker
/// is woken for the second job while the first worker is busy with the first.
#[test]
fn a_second_job_queued_while_the_first_runs_wakes_a_second_worker() {
    use loom::sync::{Condvar, Mutex};

    model_bounded(1, || {
        let started = loom::sync::Arc::new((Mutex::new(0_usize), Condvar::new()));
        let pool = Pool::new(2);
        for _ in 0..2 {
            let started = loom::sync::Arc::clone(&started);
            pool.add_worker(move |()| {
                let (count, changed) = &*started;
                let mut count = count.lock().unwrap();
                *count += 1;
                changed.notify_all();
                while *count < 2 {
                    count = changed.wait(count).unwrap();
                }
            });
        }
        pool.delegate(()).unwrap();
        pool.delegate(()).unwrap();
        assert!(pool.stop().is_empty());
    });
}

/// A delegate asleep for room is woken once half the queue is free. Here a worker frees
/// one slot of three, then is removed: its exit, not a pop, must wake the delegate.
#[test]
fn a_delegate_asleep_for_room_gets_in_when_the_last_worker_leaves() {
    use loom::sync::atomic::AtomicBool;

    model_bounded(1, || {
        let pool = loom::sync::Arc::new(Pool::new(3));
        for job in 0..3 {
            pool.delegate(job).unwrap();
        }
        let started = loom::sync::Arc::new(AtomicBool::new(false));
        let release = loom::sync::Arc::new(AtomicBool::new(false));
        let worker = {
            let (started, release) = (started.clone(), release.clone());
            pool.add_worker(move |_| {
                started.store(true, Ordering::SeqCst);
                while !release.load(Ordering::SeqCst) {
                    thread::yield_now();
                }
            })
        };
        let waiting = {
            let pool = loom::sync::Arc::clone(&pool);
            thread::spawn(move || pool.delegate(3))
        };
        // The worker is in its first job: removed, it takes no other.
        while !started.load(Ordering::SeqCst) {
            thread::yield_now();
        }
        worker.remove();
        release.store(true, Ordering::SeqCst);
        waiting.join().unwrap().unwrap();
        assert_eq!(pool.stop(), [1, 2, 3]);
    });
}

/// Each rendezvous delegate returns once a worker has taken *its* job: with two of them
/// and one worker, both return `Ok` and both jobs run, whichever is handed over first.
#[test]
fn two_rendezvous_delegates_and_one_worker_both_get_through() {
    model_bounded(1, || {
        let pool = loom::sync::Arc::new(Pool::new(0));
        let ran = Arc::new(AtomicUsize::new(0));
        counting_worker(&pool, &ran);
        let other = {
            let pool = loom::sync::Arc::clone(&pool);
            thread::spawn(move || pool.delegate(2).is_ok())
        };
        assert!(pool.delegate(1).is_ok());
        assert!(other.join().unwrap());
        assert!(pool.stop().is_empty());
        assert_eq!(ran.load(Ordering::SeqCst), 2);
    });
}

/// Two workers stop the pool from inside their jobs: neither waits for the other, and
/// every job runs or comes back to one of the stops.
#[test]
fn stop_from_two_workers_neither_deadlocks_nor_loses_a_job() {
    model_bounded(1, || {
        let pool = Arc::new(Pool::new(2));
        let ran = Arc::new(AtomicUsize::new(0));
        let returned = Arc::new(AtomicUsize::new(0));
        for _ in 0..2 {
            let (ran, returned) = (Arc::clone(&ran), Arc::clone(&returned));
            let inner = Arc::downgrade(&pool);
            pool.add_worker(move |_: u32| {
                ran.fetch_add(1, Ordering::SeqCst);
                if let Some(pool) = inner.upgrade() {
                    returned.fetch_add(pool.stop().len(), Ordering::SeqCst);
                }
            });
        }
        for job in 0..2 {
            if pool.delegate(job).is_err() {
                returned.fetch_add(1, Ordering::SeqCst);
            }
        }
        returned.fetch_add(pool.stop().len(), Ordering::SeqCst);
        assert_eq!(
            ran.load(Ordering::SeqCst) + returned.load(Ordering::SeqCst),
            2
        );
    });
}

/// `wait_idle` waits for the job queued before it, whether a delegate on another thread
/// queues a second one before, during or after the call.
#[test]
fn wait_idle_against_a_concurrent_delegate_waits_for_the_earlier_job() {
    use std::sync::atomic::AtomicBool;

    model_bounded(1, || {
        let pool = loom::sync::Arc::new(Pool::new(2));
        let first_ran = Arc::new(AtomicBool::new(false));
        {
            let first_ran = Arc::clone(&first_ran);
            pool.add_worker(move |job: u32| {
                if job == 1 {
                    first_ran.store(true, Ordering::SeqCst);
                }
            });
        }
        pool.delegate(1).unwrap();
        let other = {
            let pool = loom::sync::Arc::clone(&pool);
            thread::spawn(move || pool.delegate(2).unwrap())
        };
        pool.wait_idle();
        assert!(first_ran.load(Ordering::SeqCst));
        other.join().unwrap();
        assert!(pool.stop().is_empty());
    });
}

/// Two workers race for two jobs (one may lose a compare-and-swap on a position it said
/// it was taking): `wait_idle` still waits for both jobs and returns.
#[test]
fn wait_idle_with_two_workers_racing_for_the_jobs_waits_for_both() {
    model_bounded(1, || {
        let pool = Pool::new(2);
        let ran = Arc::new(AtomicUsize::new(0));
        counting_worker(&pool, &ran);
        counting_worker(&pool, &ran);
        pool.delegate(1).unwrap();
        pool.delegate(2).unwrap();
        pool.wait_idle();
        assert_eq!(ran.load(Ordering::SeqCst), 2);
        assert!(pool.stop().is_empty());
    });
}

/// A snapshot taken while a job is delegated and run counts no job finished that it does
/// not count delegated, and no more busy workers than there are; once idle it is exact.
#[test]
fn stats_against_a_running_job_never_count_more_finished_than_delegated() {
    model(|| {
        let pool = loom::sync::Arc::new(Pool::new(1));
        let ran = Arc::new(AtomicUsize::new(0));
        counting_worker(&pool, &ran);
        let delegating = {
            let pool = loom::sync::Arc::clone(&pool);
            thread::spawn(move || pool.delegate(1).unwrap())
        };
        let racing = pool.stats();
        assert!(racing.finished <= racing.delegated, "{racing:?}");
        assert!(racing.busy <= 1 && racing.delegated <= 1, "{racing:?}");
        delegating.join().unwrap();
        pool.wait_idle();
        let idle = pool.stats();
        assert_eq!(
            (idle.delegated, idle.finished, idle.busy, idle.queued),
            (1, 1, 0, 0)
        );
        assert_eq!(ran.load(Ordering::SeqCst), 1);
    });
}

/// A worker is removed while another is added: the new one may take over the exiting
/// one's cell, where the running state `wait_idle` reads lives. `wait_idle` still waits
/// for the job, and the finished count adds both workers' jobs.
#[test]
fn a_worker_taking_over_an_exited_workers_cell_keeps_wait_idle_and_the_counts_right() {
    model_bounded(1, || {
        let pool = Pool::new(2);
        let ran = Arc::new(AtomicUsize::new(0));
        let first = counting_worker(&pool, &ran);
        pool.delegate(1).unwrap();
        // Its thread exits on its own time: before the next worker is added, or after.
        first.remove();
        counting_worker(&pool, &ran);
        pool.delegate(2).unwrap();
        pool.wait_idle();
        assert_eq!(ran.load(Ordering::SeqCst), 2);
        let stats = pool.stats();
        assert_eq!(
            (stats.finished, stats.busy, stats.queued, stats.workers),
            (2, 0, 0, 1),
            "{stats:?}"
        );
    });
}
