//! Stopping: `stop` refuses new jobs and hands them back, runs what is queued on the
//! workers left, joins every worker thread, and returns what no worker was left to run.
//! Dropping the pool stops it the same way.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;

use workerpool::{Error, Pool};

mod common;
use common::DropCounter;

#[test]
fn stop_runs_every_queued_job_then_joins_the_workers() {
    let pool = Pool::new(100);
    let exited = Arc::new(AtomicUsize::new(0));
    let (ran_tx, ran) = mpsc::channel();
    let (go, go_rx) = mpsc::channel::<()>();
    let go_rx = Arc::new(std::sync::Mutex::new(go_rx));
    for _ in 0..3 {
        let ran_tx = ran_tx.clone();
        let go_rx = Arc::clone(&go_rx);
        let guard = DropCounter(Arc::clone(&exited));
        pool.add_worker(move |job: u32| {
            let _keep = &guard;
            go_rx.lock().unwrap().recv().unwrap();
            ran_tx.send(job).unwrap();
        });
    }
    drop(ran_tx);
    for job in 0..50 {
        pool.delegate(job).unwrap();
    }
    thread::scope(|scope| {
        let stopping = scope.spawn(|| pool.stop());
        for _ in 0..50 {
            go.send(()).unwrap();
        }
        assert!(
            stopping.join().unwrap().is_empty(),
            "the workers ran the queue"
        );
    });
    assert_eq!(
        exited.load(Ordering::SeqCst),
        3,
        "every worker thread ended"
    );
    let mut jobs: Vec<_> = ran.iter().collect();
    jobs.sort_unstable();
    assert_eq!(jobs, (0..50).collect::<Vec<_>>());
}

#[test]
fn after_stop_delegate_fails_and_hands_the_job_back() {
    let pool: Pool<Vec<u8>> = Pool::new(4);
    pool.add_worker(drop);
    pool.stop();
    assert!(pool.is_stopped());
    for result in [
        pool.delegate(vec![1]),
        pool.try_delegate(vec![2]),
        pool.delegate_timeout(vec![3], std::time::Duration::from_secs(1)),
        pool.delegate_deadline(vec![4], std::time::Instant::now()),
    ] {
        let err = result.unwrap_err();
        assert_eq!(err.kind(), Error::Stopped);
        assert_eq!(err.into_job().len(), 1);
    }
}

#[test]
fn stop_hands_back_the_queue_when_no_worker_is_left() {
    let pool = Pool::new(10);
    for job in ["a", "b", "c"] {
        pool.delegate(job).unwrap();
    }
    assert_eq!(pool.stop(), ["a", "b", "c"]);
    assert_eq!(
        pool.stop(),
        Vec::<&str>::new(),
        "a second stop has nothing left"
    );
}

#[test]
fn stop_hands_back_what_is_left_after_the_last_worker_was_removed() {
    let pool = Pool::new(10);
    let worker = pool.add_worker(|_: u8| {});
    worker.remove();
    worker.join();
    pool.delegate(1).unwrap();
    pool.delegate(2).unwrap();
    assert_eq!(pool.stop(), [1, 2]);
}

#[test]
fn callers_waiting_for_room_get_their_jobs_back() {
    let pool = Pool::new(1);
    pool.delegate(0_u32).unwrap();
    thread::scope(|scope| {
        let waiting: Vec<_> = (1..=4)
            .map(|job| {
                let pool = &pool;
                scope.spawn(move || pool.delegate(job))
            })
            .collect();
        let unrun = pool.stop();
        assert_eq!(unrun, [0], "no worker: the queued job comes back");
        let mut back: Vec<u32> = waiting
            .into_iter()
            .map(|caller| {
                let err = caller.join().unwrap().unwrap_err();
                assert!(err.is_stopped());
                err.into_job()
            })
            .collect();
        back.sort_unstable();
        assert_eq!(back, [1, 2, 3, 4]);
    });
}

#[test]
fn stop_is_idempotent_and_callable_from_many_threads_at_once() {
    let pool = Pool::new(64);
    for job in 0..40_u32 {
        pool.delegate(job).unwrap();
    }
    let mut unrun: Vec<u32> = thread::scope(|scope| {
        let stops: Vec<_> = (0..4).map(|_| scope.spawn(|| pool.stop())).collect();
        stops.into_iter().flat_map(|s| s.join().unwrap()).collect()
    });
    unrun.sort_unstable();
    assert_eq!(
        unrun,
        (0..40).collect::<Vec<_>>(),
        "each job handed back once"
    );
    assert!(pool.stop().is_empty());
}

#[test]
fn dropping_the_pool_runs_the_queue_and_joins_the_workers() {
    let ran = Arc::new(AtomicUsize::new(0));
    let exited = Arc::new(AtomicUsize::new(0));
    {
        let pool = Pool::new(100);
        for _ in 0..2 {
            let ran = Arc::clone(&ran);
            let guard = DropCounter(Arc::clone(&exited));
            pool.add_worker(move |_: u32| {
                let _keep = &guard;
                ran.fetch_add(1, Ordering::SeqCst);
            });
        }
        for job in 0..100 {
            pool.delegate(job).unwrap();
        }
    }
    assert_eq!(ran.load(Ordering::SeqCst), 100);
    assert_eq!(exited.load(Ordering::SeqCst), 2);
}

#[test]
fn dropping_a_pool_without_workers_drops_its_queued_jobs() {
    let job = Arc::new(());
    {
        let pool = Pool::new(4);
        pool.delegate(Arc::clone(&job)).unwrap();
        pool.delegate(Arc::clone(&job)).unwrap();
    }
    assert_eq!(Arc::strong_count(&job), 1);
}

#[test]
fn stop_called_from_a_worker_returns_and_the_queue_still_runs() {
    let pool = Arc::new(Pool::new(16));
    let (ran_tx, ran) = mpsc::channel();
    let (stopped_tx, stopped) = mpsc::channel();
    {
        let inner = Arc::downgrade(&pool);
        pool.add_worker(move |job: u32| {
            if job == 0 {
                let pool = inner.upgrade().unwrap();
                stopped_tx.send(pool.stop()).unwrap();
            }
            ran_tx.send(job).unwrap();
        });
    }
    for job in 0..5 {
        pool.delegate(job).unwrap();
    }
    assert_eq!(stopped.recv().unwrap(), Vec::<u32>::new());
    assert!(pool.is_stopped());
    // The stopping worker runs the rest of the queue after its own job, then exits.
    let jobs: Vec<u32> = ran.iter().take(5).collect();
    assert_eq!(jobs, [0, 1, 2, 3, 4]);
    assert!(pool.delegate(9).unwrap_err().is_stopped());
}
