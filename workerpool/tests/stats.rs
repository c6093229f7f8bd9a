//! `Pool::stats`: each counter pinned after a known sequence of calls, from several threads,
//! and the snapshot's promises (counts only grow, `finished <= delegated`) while they race.

mod common;

use std::sync::mpsc;
use std::sync::{Arc, Barrier};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use common::with_quiet_panics;
use workerpool::{Pool, Stats};

/// Waits until `done` holds, looking again after each yield; fails after 10 s.
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let give_up = Instant::now() + Duration::from_secs(10);
    while !done() {
        assert!(Instant::now() < give_up, "still not {what} after 10 s");
        std::thread::yield_now();
    }
}

/// Every job delegated is finished, running, queued, or was handed back by `stop`.
fn assert_accounted(stats: &Stats) {
    assert_eq!(
        stats.delegated,
        stats.finished + stats.busy as u64 + stats.queued as u64 + stats.handed_back,
        "{stats:?}"
    );
}

#[test]
fn a_new_pool_counts_nothing() {
    let pool: Pool<u8> = Pool::new(8);
    assert_eq!(pool.stats(), Stats::default());
    let rendezvous: Pool<u8> = Pool::new(0);
    assert_eq!(rendezvous.stats(), Stats::default());
}

#[test]
fn jobs_from_four_threads_on_three_workers_are_all_delegated_and_finished() {
    let pool = Pool::new(64);
    for _ in 0..3 {
        pool.add_worker(|n: u64| {
            std::hint::black_box(n);
        });
    }
    std::thread::scope(|scope| {
        for caller in 0..4 {
            let pool = &pool;
            scope.spawn(move || {
                for n in 0..2_500 {
                    pool.delegate(caller * 10_000 + n).unwrap();
                }
            });
        }
    });
    pool.wait_idle();
    let stats = pool.stats();
    assert_eq!((stats.delegated, stats.finished), (10_000, 10_000));
    assert_eq!((stats.queued, stats.busy, stats.workers), (0, 0, 3));
    assert_eq!(
        (stats.panicked, stats.refused, stats.handed_back),
        (0, 0, 0)
    );
    assert_accounted(&stats);
}

#[test]
fn busy_counts_workers_inside_a_job_even_once_removed() {
    let pool = Pool::new(16);
    let inside = Arc::new(Barrier::new(4));
    let (release, released) = mpsc::channel::<()>();
    let released = Arc::new(std::sync::Mutex::new(released));
    let mut workers = Vec::new();
    for _ in 0..3 {
        let (inside, released) = (Arc::clone(&inside), Arc::clone(&released));
        workers.push(pool.add_worker(move |hold: bool| {
            if hold {
                inside.wait();
                released.lock().unwrap().recv().unwrap();
            }
        }));
    }
    for _ in 0..3 {
        pool.delegate(true).unwrap();
    }
    inside.wait(); // all three workers hold a job
    for _ in 0..5 {
        pool.delegate(false).unwrap();
    }
    let stats = pool.stats();
    assert_eq!((stats.busy, stats.queued, stats.workers), (3, 5, 3));
    assert_eq!((stats.delegated, stats.finished), (8, 0));
    assert_accounted(&stats);

    // A removed worker no longer counts in `workers`, but is busy until its job ends.
    workers[0].remove();
    let stats = pool.stats();
    assert_eq!((stats.busy, stats.workers), (3, 2));

    for _ in 0..3 {
        release.send(()).unwrap();
    }
    pool.wait_idle();
    let stats = pool.stats();
    assert_eq!((stats.busy, stats.queued, stats.finished), (0, 0, 8));
    assert_accounted(&stats);
}

#[test]
fn panicked_counts_panicking_jobs_which_also_count_as_finished() {
    let pool = Pool::new(32);
    for _ in 0..2 {
        pool.add_worker(|n: u32| assert!(!n.is_multiple_of(4), "every fourth job panics"));
    }
    with_quiet_panics(|| {
        std::thread::scope(|scope| {
            for half in 0..2 {
                let pool = &pool;
                scope.spawn(move || (0..20).for_each(|n| pool.delegate(half * 20 + n).unwrap()));
            }
        });
        pool.wait_idle();
    });
    let stats = pool.stats();
    assert_eq!((stats.finished, stats.panicked), (40, 10));
    assert_eq!(stats.panicked, pool.panics() as u64);
}

#[test]
fn refused_counts_every_job_a_delegate_hands_back_and_handed_back_what_stop_returns() {
    // Timed, so that waits for room are counted too.
    let pool = Pool::builder(1).time_jobs().build();
    pool.delegate(1_u32).unwrap(); // no worker: the queue stays full
    assert!(pool.try_delegate(2).unwrap_err().is_full());
    let wait = Duration::from_millis(5);
    assert!(pool.delegate_timeout(3, wait).unwrap_err().is_timeout());
    let stats = pool.stats();
    assert_eq!((stats.delegated, stats.refused), (1, 2));
    // Only the timed-out delegate waited: `try_delegate` never does.
    assert_eq!((stats.room_waits, stats.waiting_for_room), (1, 0));
    assert!(stats.room_wait >= wait, "{stats:?}");

    assert_eq!(pool.stop(), [1]);
    assert!(pool.delegate(4).unwrap_err().is_stopped());
    assert!(pool.try_delegate(5).unwrap_err().is_stopped());
    let stats = pool.stats();
    assert_eq!(
        (stats.delegated, stats.refused, stats.handed_back),
        (1, 4, 1)
    );
    assert_eq!((stats.queued, stats.finished), (0, 0));
    assert_accounted(&stats);
}

#[test]
fn callers_waiting_for_room_are_counted_while_they_wait_and_their_time_after() {
    let pool = Pool::builder(1).time_jobs().build();
    pool.delegate(0_u64).unwrap(); // no worker: full
    let began = Instant::now();
    std::thread::scope(|scope| {
        for n in 1..=3 {
            let pool = &pool;
            scope.spawn(move || pool.delegate(n).unwrap());
        }
        wait_until("three callers waiting", || {
            pool.stats().waiting_for_room == 3
        });
        let stats = pool.stats();
        assert_eq!((stats.room_waits, stats.room_wait), (3, Duration::ZERO));
        pool.add_worker(|n: u64| {
            std::hint::black_box(n);
        });
    });
    let waited_at_most = began.elapsed() * 3;
    pool.wait_idle();
    let stats = pool.stats();
    assert_eq!((stats.waiting_for_room, stats.room_waits), (0, 3));
    assert!(stats.room_wait > Duration::ZERO && stats.room_wait <= waited_at_most);
    assert_eq!((stats.delegated, stats.finished, stats.refused), (4, 4, 0));
}

#[test]
fn a_future_waiting_for_room_counts_until_it_is_dropped() {
    let pool = Pool::builder(1).time_jobs().build();
    pool.delegate(0_u8).unwrap();
    let mut context = Context::from_waker(Waker::noop());
    let mut waiting = Box::pin(pool.delegate_async(1));
    assert!(waiting.as_mut().poll(&mut context).is_pending());
    assert_eq!(pool.stats().waiting_for_room, 1);
    drop(waiting); // cancelled: no longer waiting, and its job was not queued
    let stats = pool.stats();
    assert_eq!((stats.waiting_for_room, stats.room_waits), (0, 1));
    assert_eq!((stats.delegated, stats.refused), (1, 0));

    // A future refused by stop counts as refused.
    let mut refused = Box::pin(pool.delegate_async(2));
    assert!(refused.as_mut().poll(&mut context).is_pending());
    pool.stop();
    assert!(matches!(
        refused.as_mut().poll(&mut context),
        Poll::Ready(Err(_))
    ));
    let stats = pool.stats();
    assert_eq!(
        (stats.waiting_for_room, stats.refused, stats.handed_back),
        (0, 1, 1)
    );
}

#[test]
fn a_rendezvous_pool_counts_handoffs_and_refusals() {
    let pool = Pool::new(0);
    assert!(pool.try_delegate(0_u32).unwrap_err().is_full()); // no worker waits
    pool.add_worker(|n: u32| {
        std::hint::black_box(n);
    });
    std::thread::scope(|scope| {
        for caller in 0..2 {
            let pool = &pool;
            scope.spawn(move || (0..50).for_each(|n| pool.delegate(caller * 100 + n).unwrap()));
        }
    });
    pool.wait_idle();
    let stats = pool.stats();
    assert_eq!(
        (stats.delegated, stats.finished, stats.refused),
        (100, 100, 1)
    );
    assert_eq!((stats.busy, stats.queued), (0, 0));
    assert_accounted(&stats);
}

#[test]
fn a_worker_added_after_another_exited_goes_on_counting() {
    let pool = Pool::new(8);
    for round in 0..20_u64 {
        let worker = pool.add_worker(|n: u64| {
            std::hint::black_box(n);
        });
        for n in 0..5 {
            pool.delegate(n).unwrap();
        }
        pool.wait_idle();
        worker.remove();
        worker.join();
        let stats = pool.stats();
        assert_eq!((stats.finished, stats.workers), (5 * (round + 1), 0));
    }
}

#[test]
fn snapshots_taken_while_jobs_race_never_go_backwards() {
    let pool = Pool::new(16);
    for _ in 0..2 {
        pool.add_worker(|n: u64| {
            std::hint::black_box(n);
        });
    }
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        let reader = scope.spawn(|| {
            let mut last = Stats::default();
            let mut snapshots = 0_u64;
            while !done.load(std::sync::atomic::Ordering::Acquire) {
                let now = pool.stats();
                assert!(now.finished <= now.delegated, "{now:?}");
                assert!(now.delegated >= last.delegated && now.finished >= last.finished);
                assert!(now.busy <= 2 && now.queued <= 16, "{now:?}");
                last = now;
                snapshots += 1;
            }
            snapshots
        });
        for caller in 0..2 {
            let pool = &pool;
            scope.spawn(move || (0..20_000).for_each(|n| pool.delegate(caller + n).unwrap()));
        }
        scope.spawn(|| {
            wait_until("all jobs delegated", || pool.stats().delegated == 40_000);
            pool.wait_idle();
            done.store(true, std::sync::atomic::Ordering::Release);
        });
        assert!(reader.join().unwrap() > 0);
    });
    let stats = pool.stats();
    assert_eq!(
        (stats.delegated, stats.finished, stats.busy),
        (40_000, 40_000, 0)
    );
}

#[test]
fn a_pool_that_does_not_time_its_jobs_does_not_count_waits_for_room() {
    // Counting a wait costs every waiting caller clock reads and shared updates: opt-in.
    let pool = Pool::new(1);
    pool.delegate(0_u8).unwrap(); // no worker: full
    // A thread that certainly waited (it timed out), and a future certainly waiting.
    assert!(
        pool.delegate_timeout(1, Duration::from_millis(5))
            .unwrap_err()
            .is_timeout()
    );
    let mut context = Context::from_waker(Waker::noop());
    let mut waiting = Box::pin(pool.delegate_async(2));
    assert!(waiting.as_mut().poll(&mut context).is_pending());
    let stats = pool.stats();
    assert_eq!((stats.waiting_for_room, stats.room_waits), (0, 0));
    assert_eq!(stats.room_wait, Duration::ZERO);
    drop(waiting);
    // Everything else is counted as on a timed pool.
    let stats = pool.stats();
    assert_eq!(
        (stats.delegated, stats.refused, stats.room_waits),
        (1, 1, 0)
    );
}
