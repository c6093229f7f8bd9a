//! A job that panics does not take its worker down: the worker goes on, the panic reaches
//! the panic handler and is counted, and `stop` never hangs because of it.

use std::sync::{Arc, Mutex, mpsc};
use std::thread;

use workerpool::Pool;

mod common;
use common::with_quiet_panics;

#[test]
fn the_worker_survives_a_panicking_job_and_takes_the_next() {
    let pool = Pool::new(16);
    let (ran_tx, ran) = mpsc::channel();
    pool.add_worker(move |job: i32| {
        assert!(job >= 0, "negative job");
        ran_tx.send((job, thread::current().id())).unwrap();
    });
    with_quiet_panics(|| {
        for job in [1, -1, 2, -2, 3] {
            pool.delegate(job).unwrap();
        }
        pool.stop();
    });
    let ran: Vec<_> = ran.iter().collect();
    assert_eq!(
        ran.iter().map(|(job, _)| *job).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert!(
        ran.iter().all(|(_, thread)| *thread == ran[0].1),
        "on the same worker"
    );
    assert_eq!(pool.panics(), 2);
}

#[test]
fn the_panic_handler_gets_each_payload_on_the_worker_thread() {
    let payloads = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&payloads);
    let pool = Pool::builder(8)
        .thread_name("fragile")
        .panic_handler(move |payload| {
            let message = *payload.downcast_ref::<&str>().unwrap();
            let thread = thread::current().name().unwrap().to_string();
            seen.lock().unwrap().push((message, thread));
        })
        .build();
    pool.add_worker(|job: &'static str| std::panic::panic_any(job));
    with_quiet_panics(|| {
        pool.delegate("first").unwrap();
        pool.delegate("second").unwrap();
        pool.wait_idle();
    });
    let payloads = payloads.lock().unwrap();
    assert_eq!(
        *payloads,
        [
            ("first", "fragile-0".to_string()),
            ("second", "fragile-0".to_string())
        ]
    );
    assert_eq!(pool.panics(), 2);
    assert_eq!(pool.workers(), 1);
}

#[test]
fn a_panicking_panic_handler_does_not_stop_the_worker() {
    let pool = Pool::builder(8)
        .panic_handler(|_| panic!("the handler panics too"))
        .build();
    let (ran_tx, ran) = mpsc::channel();
    pool.add_worker(move |job: u8| {
        assert_ne!(job, 0);
        ran_tx.send(job).unwrap();
    });
    with_quiet_panics(|| {
        pool.delegate(0).unwrap();
        pool.delegate(1).unwrap();
        assert_eq!(ran.recv().unwrap(), 1);
    });
    assert_eq!(pool.panics(), 1);
    assert!(pool.stop().is_empty());
}

#[test]
fn stop_does_not_hang_when_every_job_panics() {
    let pool = Pool::new(64);
    for _ in 0..4 {
        pool.add_worker(|_: u32| panic!("always"));
    }
    with_quiet_panics(|| {
        for job in 0..64 {
            pool.delegate(job).unwrap();
        }
        assert!(pool.stop().is_empty());
    });
    assert_eq!(pool.panics(), 64);
}

#[test]
fn a_panic_while_dropping_the_worker_func_still_ends_the_worker() {
    struct PanicsOnDrop;
    impl Drop for PanicsOnDrop {
        fn drop(&mut self) {
            panic!("drop");
        }
    }
    let pool: Pool<u8> = Pool::new(4);
    let guard = PanicsOnDrop;
    let worker = pool.add_worker(move |_| {
        let _keep = &guard;
    });
    with_quiet_panics(|| {
        worker.remove();
        worker.join();
    });
    assert_eq!(pool.workers(), 0);
    assert!(pool.stop().is_empty());
}

/// A panic payload whose own `Drop` panics: dropping it after catching it unwinds again.
struct Bomb;

impl Drop for Bomb {
    fn drop(&mut self) {
        panic!("the payload's drop panics");
    }
}

#[test]
fn a_payload_whose_drop_panics_does_not_kill_the_worker() {
    let pool = Pool::new(8);
    let (ran_tx, ran) = mpsc::channel();
    pool.add_worker(move |job: u8| {
        if job == 0 {
            std::panic::panic_any(Bomb);
        }
        ran_tx.send(job).unwrap();
    });
    with_quiet_panics(|| {
        pool.delegate(0).unwrap();
        pool.delegate(1).unwrap();
        common::within(60, "wait_idle after a payload that panics on drop", {
            let pool = std::sync::Arc::new(pool);
            move || {
                pool.wait_idle();
                assert_eq!(ran.recv().unwrap(), 1, "the same worker took the next job");
                assert_eq!(pool.panics(), 1);
                assert_eq!(pool.workers(), 1);
                assert!(pool.stop().is_empty());
            }
        });
    });
}

#[test]
fn a_panic_handler_that_panics_with_such_a_payload_does_not_kill_the_worker() {
    let pool = Pool::builder(8)
        .panic_handler(|_| std::panic::panic_any(Bomb))
        .build();
    let (ran_tx, ran) = mpsc::channel();
    pool.add_worker(move |job: u8| {
        // A plain payload: the handler's own argument is dropped as it unwinds, and a
        // Bomb dropped while unwinding aborts any Rust program.
        assert!(job >= 2, "job {job}");
        ran_tx.send(job).unwrap();
    });
    with_quiet_panics(|| {
        for job in 0..3 {
            pool.delegate(job).unwrap();
        }
        common::within(60, "wait_idle after a panicking panic handler", {
            let pool = std::sync::Arc::new(pool);
            move || {
                pool.wait_idle();
                assert_eq!(ran.recv().unwrap(), 2);
                assert_eq!(pool.panics(), 2);
                assert_eq!(pool.workers(), 1);
            }
        });
    });
}
