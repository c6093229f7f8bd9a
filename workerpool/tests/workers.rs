//! Workers: each an `FnMut(T)` with its own state, added and removed at any time through
//! the handle `add_worker` returns.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;

use workerpool::Pool;

mod common;
use common::{DropCounter, with_quiet_panics};

#[test]
fn each_worker_keeps_its_own_state() {
    let pool = Pool::new(64);
    let (report_tx, reports) = mpsc::channel();
    for id in 0..3 {
        let report_tx = report_tx.clone();
        let mut seen = Vec::new(); // this worker's own state, no lock
        pool.add_worker(move |job: u32| {
            seen.push(job);
            report_tx.send((id, seen.len(), job)).unwrap();
        });
    }
    drop(report_tx);
    for job in 0..300 {
        pool.delegate(job).unwrap();
    }
    pool.stop();

    let mut last_count = [0; 3];
    let mut jobs: Vec<u32> = Vec::new();
    for (id, count, job) in reports {
        // Each worker's counter goes up by one per job it ran: state is not shared.
        assert_eq!(count, last_count[id] + 1);
        last_count[id] = count;
        jobs.push(job);
    }
    jobs.sort_unstable();
    assert_eq!(jobs, (0..300).collect::<Vec<_>>(), "every job ran once");
    assert_eq!(last_count.iter().sum::<usize>(), 300);
}

#[test]
fn a_worker_per_connection_is_removed_when_its_client_goes_away() {
    // The landing page's third example.
    let pool: Pool<String> = Pool::new(16);
    let (sent_tx, sent) = mpsc::channel();
    let mut workers = std::collections::HashMap::new();
    for client in ["alice", "bob"] {
        let sent_tx = sent_tx.clone();
        let handle = pool.add_worker(move |email: String| {
            sent_tx.send((client, email)).unwrap();
        });
        workers.insert(client, handle);
    }
    drop(sent_tx);
    let gone = workers.remove("alice").unwrap();
    gone.remove();
    gone.join();
    assert_eq!(pool.workers(), 1);

    for n in 0..20 {
        pool.delegate(format!("email {n}")).unwrap();
    }
    pool.stop();
    let senders: Vec<_> = sent.iter().map(|(client, _)| client).collect();
    assert_eq!(senders.len(), 20);
    assert!(senders.iter().all(|client| *client == "bob"));
}

#[test]
fn a_removed_worker_finishes_its_job_then_takes_no_other() {
    let pool = Pool::new(16);
    let (started_tx, started) = mpsc::channel();
    let (finish, finish_rx) = mpsc::channel::<()>();
    let (ran_tx, ran) = mpsc::channel();
    let busy = {
        let ran_tx = ran_tx.clone();
        pool.add_worker(move |job: u32| {
            started_tx.send(job).unwrap();
            finish_rx.recv().unwrap();
            ran_tx.send(("busy", job)).unwrap();
        })
    };
    pool.delegate(1).unwrap();
    assert_eq!(started.recv().unwrap(), 1);
    busy.remove();
    // Queued after the removal: the removed worker must not take these.
    for job in 2..6 {
        pool.delegate(job).unwrap();
    }
    finish.send(()).unwrap();
    busy.join();
    assert_eq!(ran.recv().unwrap(), ("busy", 1), "the running job finished");
    assert_eq!(pool.queued(), 4);

    pool.add_worker(move |job: u32| ran_tx.send(("other", job)).unwrap());
    pool.stop();
    let rest: Vec<_> = ran.iter().collect();
    assert_eq!(
        rest,
        [("other", 2), ("other", 3), ("other", 4), ("other", 5)]
    );
}

#[test]
fn removing_an_idle_worker_ends_its_thread() {
    let pool: Pool<u8> = Pool::new(4);
    let dropped = Arc::new(AtomicUsize::new(0));
    let guard = DropCounter(Arc::clone(&dropped));
    let worker = pool.add_worker(move |_| {
        let _keep = &guard;
    });
    pool.delegate(1).unwrap();
    pool.wait_idle(); // the worker is now idle, spinning or asleep
    worker.remove();
    worker.join();
    assert_eq!(dropped.load(Ordering::SeqCst), 1, "its func was dropped");
}

#[test]
fn dropping_the_handle_keeps_the_worker() {
    let pool = Pool::new(4);
    let (ran_tx, ran) = mpsc::channel();
    drop(pool.add_worker(move |job: u8| ran_tx.send(job).unwrap()));
    assert_eq!(pool.workers(), 1);
    pool.delegate(7).unwrap();
    assert_eq!(ran.recv().unwrap(), 7);
}

#[test]
fn workers_counts_from_add_until_remove() {
    let pool: Pool<u8> = Pool::new(4);
    let handles: Vec<_> = (0..5).map(|_| pool.add_worker(|_| {})).collect();
    assert_eq!(pool.workers(), 5);
    handles[0].remove();
    handles[0].remove(); // removing twice counts once
    assert_eq!(pool.workers(), 4);
    pool.stop();
    assert_eq!(pool.workers(), 0);
    assert!(handles.iter().all(|handle| handle.is_finished()));
}

#[test]
fn adding_a_worker_to_a_stopped_pool_starts_nothing() {
    let pool: Pool<u8> = Pool::new(4);
    pool.stop();
    let dropped = Arc::new(AtomicUsize::new(0));
    let guard = DropCounter(Arc::clone(&dropped));
    let worker = pool.add_worker(move |_| {
        let _keep = &guard;
    });
    assert!(worker.is_finished());
    assert_eq!(pool.workers(), 0);
    assert_eq!(
        dropped.load(Ordering::SeqCst),
        1,
        "the func was dropped at once"
    );
    worker.join(); // returns at once
}

#[test]
fn workers_can_be_added_and_removed_while_jobs_flow() {
    let pool = Pool::new(8);
    let ran = Arc::new(AtomicUsize::new(0));
    let first = {
        let ran = Arc::clone(&ran);
        pool.add_worker(move |_: u32| {
            ran.fetch_add(1, Ordering::SeqCst);
        })
    };
    thread::scope(|scope| {
        scope.spawn(|| {
            for job in 0..2_000 {
                pool.delegate(job).unwrap();
            }
        });
        for _ in 0..20 {
            let ran = Arc::clone(&ran);
            let worker = pool.add_worker(move |_| {
                ran.fetch_add(1, Ordering::SeqCst);
            });
            worker.remove();
        }
    });
    first.remove();
    first.join();
    // No worker is left: whatever was still queued comes back from stop.
    let unrun = pool.stop();
    assert_eq!(ran.load(Ordering::SeqCst) + unrun.len(), 2_000);
}

#[test]
fn join_from_the_workers_own_thread_panics_with_a_clear_message() {
    let messages = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&messages);
    let pool = Pool::builder(4)
        .panic_handler(move |payload| {
            let text = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            seen.lock().unwrap().push(text);
        })
        .build();
    let (handle_tx, handle_rx) = mpsc::channel::<workerpool::WorkerHandle>();
    let handle_rx = Mutex::new(handle_rx);
    let worker = pool.add_worker(move |()| {
        let own = handle_rx.lock().unwrap().recv().unwrap();
        own.join();
    });
    // The handle's `join` asserts it is not called from its own thread.
    handle_tx.send(worker).unwrap();
    with_quiet_panics(|| {
        pool.delegate(()).unwrap();
        pool.wait_idle();
    });
    let messages = messages.lock().unwrap();
    assert_eq!(messages.len(), 1);
    assert!(messages[0].contains("own thread"), "{}", messages[0]);
    assert_eq!(pool.workers(), 1, "the worker survived its job's panic");
}

#[test]
fn a_handle_says_which_pool_it_is_a_worker_of_also_after_the_pool_moves() {
    let first = Pool::new(4);
    let second = Pool::new(4);
    let mut handles = vec![
        first.add_worker(|_: u32| {}),
        second.add_worker(|_: u32| {}),
        first.add_worker(|_: u32| {}),
    ];
    let pools = [first, second];
    let owners: Vec<Vec<bool>> = handles
        .iter()
        .map(|h| pools.iter().map(|p| h.is_worker_of(p)).collect())
        .collect();
    assert_eq!(
        owners,
        [[true, false], [false, true], [true, false]],
        "each handle is a worker of the one pool it was added to"
    );
    // Removing the newest worker of the second pool leaves the first one's workers alone.
    let newest = handles
        .iter()
        .rposition(|h| h.is_worker_of(&pools[1]))
        .unwrap();
    handles.remove(newest).remove();
    assert_eq!((pools[0].workers(), pools[1].workers()), (2, 0));
    let other = Pool::<u32>::new(1);
    assert!(handles.iter().all(|h| !h.is_worker_of(&other)));
}

#[test]
fn a_shared_worker_added_from_several_threads_keeps_every_worker_and_removes_each_once() {
    let pool = Pool::new(64);
    let ran = Arc::new(AtomicUsize::new(0));
    let worker = {
        let ran = Arc::clone(&ran);
        workerpool::SharedWorker::new(move |n: usize| {
            ran.fetch_add(n, Ordering::SeqCst);
        })
    };
    thread::scope(|s| {
        for _ in 0..4 {
            let (pool, worker) = (&pool, worker.clone());
            s.spawn(move || (0..25).for_each(|_| pool.add_shared_worker(&worker)));
        }
    });
    assert_eq!(pool.workers(), 100);
    for n in 1..=10 {
        pool.delegate(n).unwrap();
    }
    pool.wait_idle();
    assert_eq!(
        ran.load(Ordering::SeqCst),
        55,
        "every worker runs the one function"
    );
    let removed = thread::scope(|s| {
        let removers: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    (0..30)
                        .filter(|_| pool.remove_shared_worker(&worker))
                        .count()
                })
            })
            .collect();
        removers
            .into_iter()
            .map(|r| r.join().unwrap())
            .sum::<usize>()
    });
    assert_eq!(
        (removed, pool.workers()),
        (100, 0),
        "each worker is removed once"
    );
}

#[test]
fn a_shared_worker_of_a_stopped_pool_has_none_left_to_remove() {
    let pool = Pool::new(4);
    let worker = workerpool::SharedWorker::new(|_: u8| {});
    pool.add_shared_worker(&worker);
    pool.stop();
    assert!(!pool.remove_shared_worker(&worker));
    assert_eq!(format!("{worker:?}"), "SharedWorker { running: 0, .. }");
}
