//! `wait_idle` returns once every job queued so far has run, and the pool stays open.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;

use workerpool::Pool;

#[test]
fn wait_idle_returns_once_the_jobs_queued_so_far_have_run() {
    let pool = Pool::new(1024);
    let ran = Arc::new(AtomicUsize::new(0));
    for _ in 0..4 {
        let ran = Arc::clone(&ran);
        pool.add_worker(move |_: u32| {
            ran.fetch_add(1, Ordering::SeqCst);
        });
    }
    for round in 1..=5 {
        for job in 0..1_000 {
            pool.delegate(job).unwrap();
        }
        pool.wait_idle();
        assert_eq!(ran.load(Ordering::SeqCst), 1_000 * round);
        assert!(!pool.is_stopped(), "the pool stays open");
    }
}

#[test]
fn wait_idle_waits_for_the_job_being_run_not_just_taken() {
    let pool = Pool::new(4);
    let (started_tx, started) = mpsc::channel();
    let (finish, finish_rx) = mpsc::channel::<()>();
    let finished = Arc::new(AtomicUsize::new(0));
    {
        let finished = Arc::clone(&finished);
        pool.add_worker(move |()| {
            started_tx.send(()).unwrap();
            finish_rx.recv().unwrap();
            finished.fetch_add(1, Ordering::SeqCst);
        });
    }
    pool.delegate(()).unwrap();
    started.recv().unwrap(); // taken: the queue is empty, the job still runs
    thread::scope(|scope| {
        let waiting = scope.spawn(|| {
            pool.wait_idle();
            finished.load(Ordering::SeqCst)
        });
        finish.send(()).unwrap();
        assert_eq!(waiting.join().unwrap(), 1);
    });
}

#[test]
fn wait_idle_on_an_idle_pool_returns_at_once() {
    let pool: Pool<u8> = Pool::new(4);
    pool.wait_idle();
    pool.add_worker(|_| {});
    pool.wait_idle();
}

#[test]
fn wait_idle_counts_jobs_handed_back_by_stop() {
    let pool = Pool::new(4);
    pool.delegate(1_u8).unwrap();
    assert_eq!(pool.stop(), [1]);
    pool.wait_idle();
}

#[test]
fn wait_idle_from_a_worker_panics_instead_of_waiting_forever() {
    let messages = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&messages);
    let pool = Arc::new(
        Pool::builder(4)
            .panic_handler(move |payload| {
                let text = payload.downcast_ref::<&str>().copied().unwrap_or("");
                seen.lock().unwrap().push(text.to_string());
            })
            .build(),
    );
    let inner = Arc::downgrade(&pool);
    pool.add_worker(move |()| inner.upgrade().unwrap().wait_idle());
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    pool.delegate(()).unwrap();
    pool.wait_idle();
    std::panic::set_hook(hook);
    let messages = messages.lock().unwrap();
    assert_eq!(messages.len(), 1);
    assert!(messages[0].contains("wait_idle called from one of the pool's workers"));
}

#[test]
fn wait_idle_waits_for_every_job_queued_before_it_not_for_a_count() {
    // Two workers: a long job queued first, a short one queued by another thread while
    // wait_idle waits. Counting finished jobs would return after the short one.
    let pool = Arc::new(Pool::new(8));
    let (release, release_rx) = mpsc::channel::<()>();
    let release_rx = Arc::new(Mutex::new(release_rx));
    let long_done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (short_ran_tx, short_ran) = mpsc::channel();
    for _ in 0..2 {
        let (long_done, release_rx) = (Arc::clone(&long_done), Arc::clone(&release_rx));
        let short_ran_tx = Mutex::new(short_ran_tx.clone());
        pool.add_worker(move |long: bool| {
            if long {
                release_rx.lock().unwrap().recv().unwrap();
                long_done.store(true, Ordering::SeqCst);
            } else {
                short_ran_tx.lock().unwrap().send(()).unwrap();
            }
        });
    }
    pool.delegate(true).unwrap();
    let waiting = {
        let (pool, long_done) = (Arc::clone(&pool), Arc::clone(&long_done));
        thread::spawn(move || {
            pool.wait_idle();
            long_done.load(Ordering::SeqCst)
        })
    };
    // Another thread queues the short job while wait_idle waits (or before: either way
    // wait_idle must wait for the long one).
    let delegating = {
        let pool = Arc::clone(&pool);
        thread::spawn(move || pool.delegate(false).unwrap())
    };
    delegating.join().unwrap();
    short_ran.recv().unwrap();
    // A wrong wait_idle returns now; give it the chance to (this only makes the test
    // catch the bug more often, a right one passes however long this is).
    thread::sleep(std::time::Duration::from_millis(50));
    release.send(()).unwrap();
    assert!(
        waiting.join().unwrap(),
        "wait_idle returned while the job queued before it was still running"
    );
}
