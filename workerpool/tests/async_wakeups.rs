//! When a future waiting for room is woken, as the book's async chapter says: once half the
//! queue is free, not at the first free slot, and with no timer of its own. And the futures
//! of the async API are `Send`, so a multi-threaded executor may move them between threads.

mod async_support;

use std::pin::pin;
use std::sync::mpsc;

use async_support::{CountingWaker, poll_once};
use workerpool::Pool;

#[test]
fn a_future_waiting_for_room_sleeps_beside_free_slots_until_half_the_queue_is_free() {
    let pool = Pool::new(4);
    for job in 0..4 {
        pool.delegate(job).unwrap(); // no worker yet: the queue is full
    }
    let (counter, waker) = CountingWaker::new();
    let mut waiting = pin!(pool.delegate_async(99));
    assert!(poll_once(&mut waiting, &waker).is_pending());

    // A worker that tells each job it takes, and runs it only when let go.
    let (started, taken) = mpsc::channel();
    let (release, released) = mpsc::channel::<()>();
    pool.add_worker(move |job: u32| {
        started.send(job).unwrap();
        released.recv().unwrap();
    });

    assert_eq!(taken.recv().unwrap(), 0); // one slot free of four
    assert_eq!(pool.queued(), 3);
    assert_eq!(counter.wakes(), 0, "one free slot of four does not wake it");

    release.send(()).unwrap();
    assert_eq!(taken.recv().unwrap(), 1); // two free of four: half the queue
    assert_eq!(counter.wakes(), 1, "half the queue free wakes it");
    assert!(poll_once(&mut waiting, &waker).is_ready());

    for _ in 0..4 {
        release.send(()).unwrap();
    }
    assert!(pool.stop().is_empty());
    let rest: Vec<u32> = taken.try_iter().collect();
    assert_eq!(rest, [2, 3, 99], "the woken future's job ran last");
}

/// Compiles only if `future` may move to another thread.
fn assert_send<F: std::future::Future + Send>(future: F) -> F {
    future
}

#[test]
fn the_async_apis_futures_are_send() {
    let pool: Pool<String> = Pool::new(1);
    let mut slot = Some("job".to_owned());
    drop(assert_send(pool.delegate_async("job".to_owned())));
    drop(assert_send(pool.delegate_async_from(&mut slot)));
    drop(assert_send(pool.wait_idle_async()));
    drop(assert_send(pool.stop_async())); // dropped unpolled: it stops nothing
    assert!(!pool.is_stopped());
}
