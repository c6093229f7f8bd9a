//! `stop_async`: it stops the pool, lets the workers run the queue and resolves once they
//! have exited, without a poll ever waiting, on tokio (both flavors) and futures'
//! executor; exactly one stop, sync or async, hands back the leftovers, also when a
//! future holding them is dropped; and dropping the pool afterwards does not block.

mod async_support;
mod common;

use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier, mpsc};
use std::task::{Poll, Waker};
use std::thread;
use std::time::Duration;

use async_support::{Gate, Ran, current_thread, multi_thread, poll_once, sorted, wait_until};
use common::{DropCounter, pool_with_weak_workers, with_quiet_panics, within};
use workerpool::{Pool, Stop};

/// How long a gated job waits before it gives up: only reached when what should open the
/// gate cannot run (the executor's thread is blocked), never in a passing run.
const PATIENCE: Duration = Duration::from_secs(10);

/// Adds a worker that holds its first job at `gate` (giving up after [`PATIENCE`]) and
/// reports through the returned channel whether the gate opened in time.
fn add_gated_worker(pool: &Pool<u64>, ran: &Ran, gate: &Arc<Gate>) -> mpsc::Receiver<bool> {
    let (opened, outcome) = mpsc::channel();
    let (ran, gate) = (ran.clone(), Arc::clone(gate));
    pool.add_worker(move |job| {
        let _ = opened.send(gate.pass_within(PATIENCE));
        ran.record(job);
    });
    outcome
}

#[test]
fn the_future_is_send_and_does_nothing_until_polled() {
    fn assert_send<F: Send>(_: &F) {}
    let pool: Pool<u64> = Pool::new(4);
    pool.delegate(1).unwrap();
    let stop = pool.stop_async();
    assert_send(&stop);
    drop(stop);
    assert!(
        !pool.is_stopped(),
        "a future dropped unpolled stops nothing"
    );
    pool.delegate(2).unwrap();
    assert_eq!(pool.stop(), [1, 2]);
}

#[test]
fn with_no_worker_it_resolves_at_its_first_poll_with_the_whole_queue() {
    let pool = Pool::new(8);
    for job in 0..5_u64 {
        pool.delegate(job).unwrap();
    }
    let mut stop = pool.stop_async();
    assert_eq!(
        poll_once(&mut stop, Waker::noop()),
        Poll::Ready(vec![0, 1, 2, 3, 4])
    );
    drop(stop);
    assert!(pool.delegate(5).unwrap_err().is_stopped());
    assert!(futures::executor::block_on(pool.stop_async()).is_empty());
    assert!(pool.stop().is_empty(), "neither stop has anything left");
}

#[test]
fn a_huge_queue_comes_back_whole_and_in_order() {
    const JOBS: u64 = 1 << 20;
    let pool = Pool::new(JOBS as usize);
    for job in 0..JOBS {
        pool.try_delegate(job).unwrap();
    }
    let unrun = futures::executor::block_on(pool.stop_async());
    assert_eq!(unrun.len(), JOBS as usize);
    assert!(unrun.iter().copied().eq(0..JOBS));
}

#[test]
fn it_runs_the_queue_and_resolves_once_every_worker_and_its_state_is_gone() {
    let pool = Pool::new(64);
    let dropped = Arc::new(AtomicUsize::new(0));
    let ran = Ran::default();
    let gate = Gate::new();
    let _opens = gate.opens_on_drop();
    for _ in 0..3 {
        let (ran, gate) = (ran.clone(), Arc::clone(&gate));
        let state = DropCounter(Arc::clone(&dropped));
        pool.add_worker(move |job| {
            let _state = &state;
            gate.pass();
            ran.record(job);
        });
    }
    for job in 0..50 {
        pool.delegate(job).unwrap();
    }
    let mut stop = pool.stop_async();
    assert!(
        poll_once(&mut stop, Waker::noop()).is_pending(),
        "the workers are held"
    );
    assert!(pool.is_stopped(), "the first poll stopped the pool");
    assert!(pool.delegate(99).unwrap_err().is_stopped());
    gate.open();
    let unrun = futures::executor::block_on(stop);
    assert!(unrun.is_empty(), "the workers ran the queue");
    assert_eq!(sorted(ran.jobs()), (0..50).collect::<Vec<_>>());
    assert_eq!(
        dropped.load(Ordering::SeqCst),
        3,
        "every worker's func is dropped"
    );
    assert_eq!(pool.workers(), 0);
}

#[test]
fn a_poll_returns_at_once_while_a_worker_holds_a_job() {
    let pool = Pool::new(4);
    let ran = Ran::default();
    let gate = Gate::new();
    let outcome = add_gated_worker(&pool, &ran, &gate);
    pool.delegate(1).unwrap();
    let mut stop = pool.stop_async();
    // A poll that waited for the worker would return only once the gate gave up.
    assert!(poll_once(&mut stop, Waker::noop()).is_pending());
    gate.open();
    assert!(
        outcome.recv().unwrap(),
        "the gate opened: the poll did not wait"
    );
    assert!(futures::executor::block_on(stop).is_empty());
    assert_eq!(ran.jobs(), [1]);
}

#[test]
fn on_a_current_thread_runtime_other_tasks_run_while_it_waits() {
    let pool = Pool::new(4);
    let ran = Ran::default();
    let gate = Gate::new();
    let outcome = add_gated_worker(&pool, &ran, &gate);
    pool.delegate(1).unwrap();
    pool.delegate(2).unwrap();
    let unrun = current_thread().block_on(async {
        // Runs on the runtime's only thread, and only while the stop waits there.
        let opener = tokio::spawn({
            let gate = Arc::clone(&gate);
            async move { gate.open() }
        });
        let unrun = pool.stop_async().await;
        opener.await.unwrap();
        unrun
    });
    assert!(unrun.is_empty());
    assert!(
        outcome.recv().unwrap(),
        "the task that opens the gate ran while the stop waited"
    );
    assert_eq!(ran.jobs(), [1, 2]);
}

/// A pool with one worker held at `gate` in job 0, and jobs 1..=2 queued behind it.
fn held_worker_and_two_queued(
    gate: &Arc<Gate>,
    ran: &Ran,
) -> (Pool<u64>, workerpool::WorkerHandle) {
    let pool = Pool::new(16);
    let worker = {
        let (ran, gate) = (ran.clone(), Arc::clone(gate));
        pool.add_worker(move |job| {
            gate.pass();
            ran.record(job);
        })
    };
    pool.delegate(0).unwrap();
    wait_until(|| pool.queued() == 0);
    pool.delegate(1).unwrap();
    pool.delegate(2).unwrap();
    (pool, worker)
}

#[test]
fn a_spawned_task_on_a_multi_thread_runtime_gets_the_jobs_a_removed_worker_left() {
    let gate = Gate::new();
    let _opens = gate.opens_on_drop();
    let ran = Ran::default();
    let (pool, worker) = held_worker_and_two_queued(&gate, &ran);
    let pool = Arc::new(pool);
    let unrun = multi_thread().block_on(async {
        let stopping = tokio::spawn({
            let pool = Arc::clone(&pool);
            async move { pool.stop_async().await }
        });
        // It finishes job 0 and leaves: no worker is left to run 1 and 2.
        worker.remove();
        gate.open();
        stopping.await.unwrap()
    });
    assert_eq!(ran.jobs(), [0]);
    assert_eq!(unrun, [1, 2]);
}

/// A worker thread whose thread-local, touched by its job, takes until `gate` opens to
/// drop: the part of a thread's end that comes after its func is dropped, which a join
/// waits for and a detach does not. Reports whether the gate opened in time.
fn add_worker_with_a_slow_thread_exit(pool: &Pool<u64>, gate: &Arc<Gate>) -> mpsc::Receiver<bool> {
    struct SlowExit {
        gate: Arc<Gate>,
        opened: mpsc::Sender<bool>,
    }
    impl Drop for SlowExit {
        fn drop(&mut self) {
            let _ = self.opened.send(self.gate.pass_within(PATIENCE));
        }
    }
    thread_local! {
        static SLOW_EXIT: RefCell<Option<SlowExit>> = const { RefCell::new(None) };
    }
    let (opened, outcome) = mpsc::channel();
    let gate = Arc::clone(gate);
    pool.add_worker(move |_| {
        let slow = SlowExit {
            gate: Arc::clone(&gate),
            opened: opened.clone(),
        };
        SLOW_EXIT.with(|cell| *cell.borrow_mut() = Some(slow));
    });
    outcome
}

#[test]
fn dropping_the_pool_after_it_resolved_waits_for_no_thread() {
    let gate = Gate::new();
    let pool = Pool::new(4);
    let outcome = add_worker_with_a_slow_thread_exit(&pool, &gate);
    pool.delegate(1).unwrap();
    current_thread().block_on(async move {
        assert!(pool.stop_async().await.is_empty());
        // The worker's thread is still dropping its thread-local: a join would wait.
        drop(pool);
    });
    gate.open();
    assert!(
        outcome.recv().unwrap(),
        "neither the stop nor the drop joined the thread that was still ending"
    );
}

#[test]
fn dropped_after_its_first_poll_the_pool_stays_stopped_and_the_next_stop_hands_back_the_jobs() {
    let gate = Gate::new();
    let _opens = gate.opens_on_drop();
    let ran = Ran::default();
    let (pool, worker) = held_worker_and_two_queued(&gate, &ran);
    let timed_out = current_thread().block_on(async {
        tokio::time::timeout(Duration::from_millis(5), pool.stop_async()).await
    });
    assert!(timed_out.is_err(), "the worker is held: the timeout fired");
    assert!(pool.is_stopped());
    assert!(pool.delegate(3).unwrap_err().is_stopped());
    // The worker leaves after job 0: nobody is left to run 1 and 2.
    worker.remove();
    gate.open();
    let pool = Arc::new(pool);
    let unrun = within(30, "the stop after a dropped one", {
        let pool = Arc::clone(&pool);
        move || current_thread().block_on(pool.stop_async())
    });
    assert_eq!(
        unrun,
        [1, 2],
        "the dropped future's leftovers come with the next stop"
    );
    assert_eq!(ran.jobs(), [0]);
    assert!(pool.stop().is_empty());
}

#[test]
fn a_sync_stop_waiting_behind_a_dropped_future_takes_the_leftovers() {
    let gate = Gate::new();
    let _opens = gate.opens_on_drop();
    let ran = Ran::default();
    let (pool, worker) = held_worker_and_two_queued(&gate, &ran);
    let pool = Arc::new(pool);
    let mut stop = pool.stop_async();
    assert!(
        poll_once(&mut stop, Waker::noop()).is_pending(),
        "it holds the claim"
    );
    let stopping = {
        let pool = Arc::clone(&pool);
        thread::spawn(move || pool.stop())
    };
    drop(stop);
    worker.remove();
    gate.open();
    let unrun = within(30, "a sync stop behind a dropped future", move || {
        stopping.join().unwrap()
    });
    assert_eq!(unrun, [1, 2]);
    assert_eq!(ran.jobs(), [0]);
}

#[test]
fn of_async_and_sync_stops_racing_exactly_one_hands_back_the_leftovers() {
    for round in 0..200 {
        let pool: Pool<u64> = Pool::new(8);
        for job in 0..8 {
            pool.delegate(job).unwrap();
        }
        let start = Barrier::new(4);
        let results: Vec<Vec<u64>> = thread::scope(|scope| {
            let stops: Vec<_> = (0..4)
                .map(|n| {
                    let (pool, start) = (&pool, &start);
                    scope.spawn(move || {
                        start.wait();
                        if n % 2 == 0 {
                            futures::executor::block_on(pool.stop_async())
                        } else {
                            pool.stop()
                        }
                    })
                })
                .collect();
            stops.into_iter().map(|stop| stop.join().unwrap()).collect()
        });
        let handed_back: Vec<_> = results.iter().filter(|unrun| !unrun.is_empty()).collect();
        assert_eq!(handed_back.len(), 1, "round {round}: {results:?}");
        assert_eq!(*handed_back[0], (0..8).collect::<Vec<_>>());
    }
}

#[test]
fn two_stop_futures_joined_on_one_task_both_resolve_after_the_queue_ran() {
    let pool = Pool::new(8);
    let ran = Ran::default();
    let gate = Gate::new();
    let outcome = add_gated_worker(&pool, &ran, &gate);
    pool.delegate(1).unwrap();
    pool.delegate(2).unwrap();
    let (first, second) = futures::executor::block_on(async {
        let both = futures::future::join(pool.stop_async(), pool.stop_async());
        let opener = async { gate.open() };
        futures::future::join(both, opener).await.0
    });
    assert!(
        first.is_empty() && second.is_empty(),
        "the worker ran the queue"
    );
    assert!(outcome.recv().unwrap());
    assert_eq!(ran.jobs(), [1, 2]);
}

#[test]
fn a_job_blocking_on_it_gets_the_jobs_no_other_worker_is_left_to_run() {
    let (sent, handed_back) = mpsc::channel();
    let sent = std::sync::Mutex::new(sent);
    let pool = pool_with_weak_workers(16, 1, move |pool: &Arc<Pool<u64>>, job| {
        if job == 0 {
            let unrun = futures::executor::block_on(pool.stop_async());
            sent.lock().unwrap().send(unrun).unwrap();
        }
    });
    for job in 0..4 {
        pool.delegate(job).unwrap();
    }
    let unrun = within(30, "a job's stop_async", move || {
        handed_back.recv().unwrap()
    });
    assert_eq!(unrun, [1, 2, 3]);
}

#[test]
fn a_job_awaiting_it_and_another_stopping_the_pool_at_once_do_not_deadlock() {
    for round in 0..50 {
        let started = Arc::new(Barrier::new(2));
        let stopped = Arc::new(AtomicUsize::new(0));
        let pool = {
            let (started, stopped) = (Arc::clone(&started), Arc::clone(&stopped));
            pool_with_weak_workers(16, 2, move |pool: &Arc<Pool<u64>>, job| {
                started.wait();
                let unrun = match job {
                    0 => futures::executor::block_on(pool.stop_async()),
                    _ => pool.stop(),
                };
                stopped.fetch_add(1 + unrun.len(), Ordering::SeqCst);
            })
        };
        pool.delegate(0).unwrap();
        pool.delegate(1).unwrap();
        let outcome = within(30, "two jobs stopping the pool", move || {
            futures::executor::block_on(pool.stop_async())
        });
        assert!(outcome.is_empty(), "round {round}");
        assert_eq!(stopped.load(Ordering::SeqCst), 2, "round {round}");
    }
}

#[test]
fn panicking_jobs_and_a_func_whose_drop_panics_do_not_keep_it_waiting() {
    struct PanicsOnDrop;
    impl Drop for PanicsOnDrop {
        fn drop(&mut self) {
            panic!("the worker's state panics as it drops");
        }
    }
    with_quiet_panics(|| {
        let pool = Pool::new(8);
        let ran = Ran::default();
        for _ in 0..2 {
            let ran = ran.clone();
            let state = PanicsOnDrop;
            pool.add_worker(move |job: u64| {
                let _state = &state;
                ran.record(job);
                assert_ne!(job % 2, 0, "even jobs panic");
            });
        }
        for job in 0..6 {
            pool.delegate(job).unwrap();
        }
        let unrun = within(30, "stop_async after panics", move || {
            let unrun = futures::executor::block_on(pool.stop_async());
            assert_eq!(pool.panics(), 3);
            assert_eq!(pool.workers(), 0);
            unrun
        });
        assert!(unrun.is_empty());
        assert_eq!(sorted(ran.jobs()), [0, 1, 2, 3, 4, 5]);
    });
}

#[test]
fn delegates_racing_it_each_get_their_job_run_or_back() {
    const CALLERS: u64 = 4;
    const JOBS: u64 = 20_000;
    for queue_len in [0, 1, 64] {
        let pool = Pool::new(queue_len);
        let ran = Ran::default();
        for _ in 0..2 {
            ran.add_worker(&pool, None);
        }
        let (unrun, refused): (Vec<u64>, Vec<u64>) = thread::scope(|scope| {
            let callers: Vec<_> = (0..CALLERS)
                .map(|caller| {
                    let pool = &pool;
                    scope.spawn(move || {
                        let mut refused = Vec::new();
                        for job in (caller * JOBS)..((caller + 1) * JOBS) {
                            if let Err(err) = pool.delegate(job) {
                                refused.push(err.into_job());
                            }
                        }
                        refused
                    })
                })
                .collect();
            wait_until(|| ran.jobs().len() > 100);
            let unrun = multi_thread().block_on(pool.stop_async());
            let refused = callers
                .into_iter()
                .flat_map(|c| c.join().unwrap())
                .collect();
            (unrun, refused)
        });
        let mut every = ran.jobs();
        every.extend(unrun);
        every.extend(refused);
        assert_eq!(
            sorted(every),
            (0..CALLERS * JOBS).collect::<Vec<_>>(),
            "queue of {queue_len}: every job ran once or came back once"
        );
    }
}

#[test]
fn on_a_rendezvous_pool_waiting_delegates_get_their_jobs_back() {
    let pool = Pool::<u64>::new(0);
    thread::scope(|scope| {
        let waiting = scope.spawn(|| pool.delegate(7));
        wait_until(|| pool.queued() == 1);
        let unrun = futures::executor::block_on(pool.stop_async());
        assert!(unrun.is_empty(), "a rendezvous pool queues nothing");
        let err = waiting.join().unwrap().unwrap_err();
        assert!(err.is_stopped());
        assert_eq!(err.into_job(), 7);
    });
}

#[test]
fn a_wait_idle_async_waiting_resolves_when_it_stops() {
    let pool = Pool::new(4);
    pool.delegate(1_u64).unwrap();
    let unrun = futures::executor::block_on(async {
        let mut idle = pool.wait_idle_async();
        assert!(
            poll_once(&mut idle, Waker::noop()).is_pending(),
            "no worker"
        );
        let unrun = pool.stop_async().await;
        idle.await; // the job was handed back
        unrun
    });
    assert_eq!(unrun, [1]);
}

#[test]
#[should_panic(expected = "polled after it resolved")]
fn polled_after_it_resolved_it_panics() {
    let pool: Pool<u64> = Pool::new(1);
    let mut stop: Stop<'_, u64> = pool.stop_async();
    assert!(poll_once(&mut stop, Waker::noop()).is_ready());
    let _ = poll_once(&mut stop, Waker::noop());
}
