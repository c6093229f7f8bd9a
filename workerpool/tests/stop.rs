//! Stopping: `stop` refuses new jobs and hands them back, runs what is queued on the
//! workers left, joins every worker thread, and returns what no worker was left to run.
//! Dropping the pool stops it the same way.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;

use workerpool::{Error, Pool};

mod common;
use common::{DropCounter, pool_with_weak_workers, within};

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
fn of_concurrent_stops_exactly_one_takes_every_leftover() {
    for round in 0..200 {
        let pool = Pool::new(1024);
        for job in 0..1000_u32 {
            pool.delegate(job).unwrap();
        }
        let together = std::sync::Barrier::new(4);
        let results: Vec<Vec<u32>> = thread::scope(|scope| {
            let stops: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(|| {
                        together.wait();
                        pool.stop()
                    })
                })
                .collect();
            stops.into_iter().map(|s| s.join().unwrap()).collect()
        });
        let mut lengths: Vec<usize> = results.iter().map(Vec::len).collect();
        lengths.sort_unstable();
        assert_eq!(
            lengths,
            [0, 0, 0, 1000],
            "round {round}: the leftovers were split"
        );
        let taken = results.into_iter().find(|r| !r.is_empty()).unwrap();
        assert_eq!(taken, (0..1000).collect::<Vec<_>>(), "in queue order");
        assert!(pool.stop().is_empty());
    }
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

/// A generic type of the user's holds a `Pool<J>` without repeating the pool's bounds (they are on its methods, not
/// on the type, as std's collections do), and dropping it still runs the queue.
struct Stage<J> {
    pool: Pool<J>,
}

impl<J: Send + 'static> Stage<J> {
    fn submit(&self, job: J) {
        self.pool.delegate(job).unwrap();
    }
}

#[test]
fn a_generic_type_holds_a_pool_without_its_bounds_and_dropping_it_runs_the_queue() {
    let (ran_tx, ran) = mpsc::channel();
    {
        let stage = Stage { pool: Pool::new(8) };
        stage
            .pool
            .add_worker(move |job: String| ran_tx.send(job).unwrap());
        stage.submit("a".to_string());
        stage.submit("b".to_string());
    }
    assert_eq!(ran.iter().collect::<Vec<_>>(), ["a", "b"]);
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
fn stop_from_a_job_returns_the_jobs_no_other_worker_is_left_to_run() {
    let (returned_tx, returned) = mpsc::channel();
    let (ran_tx, ran) = mpsc::channel();
    let pool = pool_with_weak_workers(16, 1, move |pool, job| {
        if job == 0 {
            returned_tx.send(pool.stop()).unwrap();
        }
        ran_tx.send(job).unwrap();
    });
    for job in 0..6 {
        pool.delegate(job).unwrap();
    }
    assert_eq!(returned.recv().unwrap(), [1, 2, 3, 4, 5]);
    assert_eq!(ran.recv().unwrap(), 0);
    assert!(pool.is_stopped());
    assert!(pool.delegate(9).unwrap_err().is_stopped());
    within(60, "wait_idle after a stop from a job", move || {
        pool.wait_idle();
        assert!(pool.stop().is_empty());
    });
    assert!(
        ran.try_recv().is_err(),
        "the handed-back jobs did not run too"
    );
}

#[test]
fn stop_from_a_job_then_removing_its_worker_loses_no_job() {
    let (handle_tx, handle_rx) = mpsc::channel::<workerpool::WorkerHandle>();
    let handle_rx = std::sync::Mutex::new(handle_rx);
    let (returned_tx, returned) = mpsc::channel();
    let ran = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&ran);
    let pool = pool_with_weak_workers(16, 0, |_, _| {});
    {
        let inner = Arc::downgrade(&pool);
        let worker = pool.add_worker(move |job: u32| {
            counted.fetch_add(1, Ordering::SeqCst);
            if job == 0 {
                let unrun = inner.upgrade().unwrap().stop();
                handle_rx.lock().unwrap().recv().unwrap().remove();
                returned_tx.send(unrun).unwrap();
            }
        });
        handle_tx.send(worker).unwrap();
    }
    for job in 0..6 {
        pool.delegate(job).unwrap();
    }
    let unrun = returned.recv().unwrap();
    within(60, "wait_idle after stop and removal", move || {
        pool.wait_idle()
    });
    assert_eq!(
        ran.load(Ordering::SeqCst) + unrun.len(),
        6,
        "each job ran or came back"
    );
}

#[test]
fn two_workers_stopping_the_pool_at_once_do_not_deadlock() {
    for round in 0..50 {
        // Both workers and the caller: no stop may begin before every job is queued.
        let barrier = Arc::new(std::sync::Barrier::new(3));
        let (returned_tx, returned) = mpsc::channel();
        let returned_tx = std::sync::Mutex::new(returned_tx);
        let pool = {
            let barrier = Arc::clone(&barrier);
            pool_with_weak_workers(16, 2, move |pool, job| {
                if job < 2 {
                    barrier.wait(); // both workers are in a job, the queue is full
                    let left = pool.stop(); // not under the sender's lock
                    returned_tx.lock().unwrap().send(left).unwrap();
                }
            })
        };
        for job in 0..10 {
            pool.delegate(job).unwrap();
        }
        barrier.wait();
        let mut left: Vec<u32> = within(60, "two stops from jobs", move || {
            let left: Vec<u32> = returned.iter().take(2).flatten().collect();
            assert!(pool.stop().is_empty());
            left
        });
        left.sort_unstable();
        assert_eq!(left, (2..10).collect::<Vec<_>>(), "round {round}");
    }
}

#[test]
fn a_job_stopping_the_pool_while_another_drops_the_last_reference_does_not_deadlock() {
    for round in 0..50 {
        let started = Arc::new(std::sync::Barrier::new(3));
        let together = Arc::new(std::sync::Barrier::new(2));
        let (finished_tx, finished) = mpsc::channel();
        let last = Arc::new(std::sync::Mutex::new(None::<Arc<Pool<u32>>>));
        let pool = Arc::new(Pool::new(4));
        // Worker 0 drops the reference main handed it; worker 1 calls stop. Whichever
        // lets go last drops the pool, inside its job.
        for id in 0..2 {
            let (started, together) = (Arc::clone(&started), Arc::clone(&together));
            let (finished_tx, last) = (finished_tx.clone(), Arc::clone(&last));
            let weak = Arc::downgrade(&pool);
            pool.add_worker(move |_job: u32| {
                started.wait();
                if id == 0 {
                    let mine = last.lock().unwrap().take();
                    together.wait();
                    drop(mine);
                } else {
                    let mine = weak.upgrade();
                    together.wait();
                    if let Some(pool) = mine {
                        drop(pool.stop());
                    }
                }
                finished_tx.send(id).unwrap();
            });
        }
        drop(finished_tx);
        pool.delegate(0).unwrap();
        pool.delegate(1).unwrap();
        *last.lock().unwrap() = Some(pool); // main keeps no reference
        started.wait();
        let mut ids: Vec<u32> = within(60, "stop against a drop of the last Arc", move || {
            finished.iter().take(2).collect()
        });
        ids.sort_unstable();
        assert_eq!(ids, [0, 1], "round {round}");
    }
}
