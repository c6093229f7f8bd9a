//! A queue length of 0 is a rendezvous: each delegate waits for a worker to take *its*
//! job, `delegate` fails only when the pool stops, `delegate_timeout` only at its deadline
//! or stop, and `try_delegate` never waits: it hands the job to a worker waiting at that
//! moment, or answers `Full`.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Duration;

use workerpool::Pool;

mod common;
use common::{spin_for, within};

const CALLERS: usize = 4;
const JOBS_PER_CALLER: usize = 2_000;

/// A rendezvous pool whose one worker spins ~20 µs per job and marks each job taken.
fn busy_rendezvous(total: usize) -> (Arc<Pool<usize>>, Arc<Vec<AtomicBool>>) {
    let pool = Arc::new(Pool::new(0));
    let taken: Arc<Vec<AtomicBool>> =
        Arc::new((0..total).map(|_| AtomicBool::new(false)).collect());
    let marks = Arc::clone(&taken);
    pool.add_worker(move |job: usize| {
        assert!(
            !marks[job].swap(true, Ordering::SeqCst),
            "job {job} ran twice"
        );
        spin_for(20);
    });
    (pool, taken)
}

/// Runs `CALLERS` threads that each send `JOBS_PER_CALLER` jobs with `send`, and checks
/// that every call returned, succeeded, and that its job ran exactly once.
fn several_callers(send: fn(&Pool<usize>, usize) -> Result<(), workerpool::DelegateError<usize>>) {
    let total = CALLERS * JOBS_PER_CALLER;
    let (pool, taken) = busy_rendezvous(total);
    let callers: Vec<_> = (0..CALLERS)
        .map(|caller| {
            let pool = Arc::clone(&pool);
            thread::spawn(move || {
                for n in 0..JOBS_PER_CALLER {
                    let job = caller * JOBS_PER_CALLER + n;
                    if let Err(err) = send(&pool, job) {
                        panic!("job {job} failed on an open pool: {:?}", err.kind());
                    }
                }
            })
        })
        .collect();
    within(120, "four rendezvous callers", move || {
        for caller in callers {
            caller.join().unwrap();
        }
        assert!(pool.stop().is_empty());
    });
    assert!(taken.iter().all(|t| t.load(Ordering::SeqCst)));
}

#[test]
fn several_delegates_each_return_once_their_own_job_was_taken() {
    several_callers(|pool, job| pool.delegate(job));
}

#[test]
fn several_delegate_timeouts_never_time_out_before_their_deadline() {
    several_callers(|pool, job| pool.delegate_timeout(job, Duration::from_secs(600)));
}

#[test]
fn a_delegate_without_a_worker_waits_for_one_to_be_added() {
    let pool = Arc::new(Pool::new(0));
    let delegating = {
        let pool = Arc::clone(&pool);
        thread::spawn(move || pool.delegate(7_u32))
    };
    while pool.queued() == 0 {
        thread::yield_now();
    }
    let (ran_tx, ran) = mpsc::channel();
    pool.add_worker(move |job| ran_tx.send(job).unwrap());
    assert_eq!(ran.recv().unwrap(), 7);
    assert!(delegating.join().unwrap().is_ok());
}

#[test]
fn try_delegate_hands_the_job_to_a_waiting_worker_every_time() {
    let pool = Pool::new(0);
    let ran = Arc::new(AtomicUsize::new(0));
    {
        let ran = Arc::clone(&ran);
        pool.add_worker(move |_: u32| {
            ran.fetch_add(1, Ordering::SeqCst);
        });
    }
    // Once a worker has run a job and the pool is idle, it waits for the next: there is
    // someone to hand a job to. (Right after add_worker its thread may not run yet.)
    pool.delegate(0).unwrap();
    for job in 1..1_000 {
        pool.wait_idle();
        if let Err(err) = pool.try_delegate(job) {
            panic!("job {job}: {:?} though the worker was waiting", err.kind());
        }
    }
    pool.wait_idle();
    assert_eq!(ran.load(Ordering::SeqCst), 1_000);
}

#[test]
fn try_delegate_answers_full_at_once_while_the_only_worker_is_busy() {
    let pool = Pool::new(0);
    let (started_tx, started) = mpsc::channel();
    let (go, go_rx) = mpsc::channel::<()>();
    pool.add_worker(move |()| {
        started_tx.send(()).unwrap();
        go_rx.recv().unwrap();
    });
    pool.delegate(()).unwrap();
    started.recv().unwrap();
    for _ in 0..100 {
        assert!(pool.try_delegate(()).unwrap_err().is_full());
    }
    go.send(()).unwrap();
    assert!(pool.stop().is_empty());
}

#[test]
fn try_delegate_never_waits_while_its_worker_is_removed() {
    for round in 0..200 {
        let pool = Arc::new(Pool::new(0));
        let ran = Arc::new(AtomicUsize::new(0));
        let worker = {
            let ran = Arc::clone(&ran);
            pool.add_worker(move |_: u32| {
                ran.fetch_add(1, Ordering::SeqCst);
            })
        };
        pool.wait_idle();
        let removing = thread::spawn(move || worker.remove());
        let handed = {
            let pool = Arc::clone(&pool);
            within(60, "try_delegate racing a removal", move || {
                pool.try_delegate(round)
            })
        };
        removing.join().unwrap();
        let back = match handed {
            Ok(()) => 0,
            Err(err) => {
                assert!(err.is_full(), "round {round}: {:?}", err.kind());
                1
            }
        };
        // A job handed over runs, even on a worker removed right after it took it.
        let unrun = pool.stop();
        assert!(unrun.is_empty());
        assert_eq!(ran.load(Ordering::SeqCst) + back, 1, "round {round}");
    }
}

#[test]
fn stop_hands_every_waiting_delegate_its_own_job_back() {
    let pool = Arc::new(Pool::new(0));
    let delegating: Vec<_> = (0..4_u32)
        .map(|job| {
            let pool = Arc::clone(&pool);
            thread::spawn(move || pool.delegate(job))
        })
        .collect();
    while pool.queued() < 4 {
        thread::yield_now();
    }
    assert!(
        pool.stop().is_empty(),
        "each delegate takes its own job back"
    );
    for (job, delegating) in delegating.into_iter().enumerate() {
        let err = delegating.join().unwrap().unwrap_err();
        assert!(err.is_stopped());
        assert_eq!(err.into_job(), job as u32);
    }
}
