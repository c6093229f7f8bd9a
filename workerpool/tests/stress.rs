//! Many threads delegate while workers are added and removed and the pool is stopped
//! mid-way (by the caller with `stop` or `stop_async`, and maybe by two workers from
//! inside their jobs at the same time), on rendezvous,
//! one-slot and larger queues, with some jobs panicking with payloads whose drop panics:
//! every job runs exactly once or is handed back to its caller, and once `stop` returns
//! no worker thread is left.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::thread;
use std::time::Duration;

use workerpool::Pool;

const CALLERS: usize = 6;
const JOBS_PER_CALLER: usize = 4_000;
const ROUNDS: usize = 12;

/// Counts worker funcs alive: one is created per `add_worker`, dropped as its thread ends.
struct Alive(Arc<AtomicUsize>);

impl Alive {
    fn new(count: &Arc<AtomicUsize>) -> Self {
        count.fetch_add(1, Ordering::SeqCst);
        Alive(Arc::clone(count))
    }
}

impl Drop for Alive {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A panic payload whose drop panics too.
struct Bomb;

impl Drop for Bomb {
    fn drop(&mut self) {
        panic!("the payload's drop panics");
    }
}

#[test]
fn every_job_runs_once_or_comes_back_while_workers_churn_and_the_pool_stops() {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for round in 0..ROUNDS {
        // Rendezvous and one-slot queues first, then growing ones.
        let queue_len = match round {
            0 | 1 => 0,
            2 | 3 => 1,
            _ => round * 5,
        };
        run_round(round, queue_len, round % 2 == 1);
    }
    std::panic::set_hook(hook);
}

fn run_round(round: usize, queue_len: usize, stop_from_workers: bool) {
    let total = CALLERS * JOBS_PER_CALLER;
    let pool: Arc<Pool<usize>> = Arc::new(Pool::new(queue_len));
    let runs: Arc<Vec<AtomicU8>> = Arc::new((0..total).map(|_| AtomicU8::new(0)).collect());
    let returned: Arc<Vec<AtomicU8>> = Arc::new((0..total).map(|_| AtomicU8::new(0)).collect());
    let stopping = Arc::new(AtomicUsize::new(0));
    let attempted: Vec<AtomicBool> = (0..total).map(|_| AtomicBool::new(false)).collect();
    let alive = Arc::new(AtomicUsize::new(0));
    let ran = Arc::new(AtomicUsize::new(0));
    let add_worker = |pool: &Arc<Pool<usize>>| {
        let (runs, ran, returned) = (Arc::clone(&runs), Arc::clone(&ran), Arc::clone(&returned));
        let (stopping, weak) = (Arc::clone(&stopping), Arc::downgrade(pool));
        let alive = Alive::new(&alive);
        pool.add_worker(move |job| {
            let _alive = &alive;
            runs[job].fetch_add(1, Ordering::SeqCst);
            let ran = ran.fetch_add(1, Ordering::SeqCst) + 1;
            // Two workers stop the pool from inside their jobs, at about the same time.
            if stop_from_workers
                && ran >= total / 3
                && stopping.fetch_add(1, Ordering::SeqCst) < 2
                && let Some(pool) = weak.upgrade()
            {
                for job in pool.stop() {
                    returned[job].fetch_add(1, Ordering::SeqCst);
                }
            }
            if job % 97 == 0 {
                std::panic::panic_any(Bomb);
            }
        })
    };
    let hand_back = |job: usize| {
        returned[job].fetch_add(1, Ordering::SeqCst);
    };

    thread::scope(|scope| {
        for caller in 0..CALLERS {
            let (pool, attempted, hand_back) = (&pool, &attempted, &hand_back);
            scope.spawn(move || {
                for n in 0..JOBS_PER_CALLER {
                    let job = caller * JOBS_PER_CALLER + n;
                    attempted[job].store(true, Ordering::SeqCst);
                    let result = match n % 3 {
                        0 => pool.delegate(job),
                        1 => pool.try_delegate(job),
                        _ => pool.delegate_timeout(job, Duration::from_micros(50)),
                    };
                    if let Err(err) = result {
                        let stopped = err.is_stopped();
                        hand_back(err.into_job());
                        if stopped {
                            break;
                        }
                    }
                }
            });
        }
        // Workers come and go while the callers delegate.
        let (pool_ref, add_worker) = (&pool, &add_worker);
        // Removed workers are joined; with stops from jobs, some are removed right after.
        let churn = scope.spawn(move || {
            let mut workers = Vec::new();
            let mut i = 0;
            while !pool_ref.is_stopped() {
                workers.push(add_worker(pool_ref));
                if i % 3 == 2 {
                    let removed = workers.remove(i % workers.len());
                    removed.remove();
                    if i % 2 == 0 {
                        removed.join();
                    }
                }
                i += 1;
                thread::yield_now();
            }
            // Added after the stop: never starts.
            let late = add_worker(pool_ref);
            assert!(late.is_finished());
        });
        // Stop mid-way: once a fair share of the jobs has run.
        while ran.load(Ordering::SeqCst) < total / 3 {
            thread::yield_now();
        }
        if stop_from_workers {
            while !pool.is_stopped() {
                thread::yield_now();
            }
        }
        // Every other round stops from async code: the same promises, no join.
        let unrun = if matches!(round % 4, 1 | 2) {
            futures::executor::block_on(pool.stop_async())
        } else {
            pool.stop()
        };
        for job in unrun {
            hand_back(job);
        }
        // Workers the churn adds after the stop never start; wait for it before counting.
        churn.join().unwrap();
        assert_eq!(
            alive.load(Ordering::SeqCst),
            0,
            "round {round}: a worker's func outlived the stop"
        );
    });

    for job in 0..total {
        let (ran, back) = (
            runs[job].load(Ordering::SeqCst),
            returned[job].load(Ordering::SeqCst),
        );
        if attempted[job].load(Ordering::SeqCst) {
            assert_eq!(
                ran + back,
                1,
                "round {round}: job {job} ran {ran} times and came back {back} times"
            );
        } else {
            assert_eq!(
                (ran, back),
                (0, 0),
                "round {round}: job {job} was never queued"
            );
        }
    }
}

/// Every worker ends each round by taking one job that waits for all the others: the
/// round ends only if a sleeping worker is woken for every such job, including those
/// queued while the workers that would have taken them were spinning (the benchmark that
/// found this hung within seconds).
#[test]
fn every_queued_job_finds_a_worker_while_the_others_are_busy() {
    const WORKERS: usize = 16;
    const ROUNDS: usize = 300;
    let finish = Arc::new(std::sync::Barrier::new(WORKERS + 1));
    let pool: Pool<Option<u32>> = Pool::new(1024);
    for _ in 0..WORKERS {
        let finish = Arc::clone(&finish);
        pool.add_worker(move |job| match job {
            Some(job) => drop(std::hint::black_box(job)),
            None => {
                finish.wait();
            }
        });
    }
    let (round_done, rounds_done) = std::sync::mpsc::channel();
    thread::scope(|scope| {
        let (pool, finish) = (&pool, &finish);
        scope.spawn(move || {
            for _ in 0..ROUNDS {
                thread::scope(|callers| {
                    for _ in 0..4 {
                        callers.spawn(|| {
                            for job in 0..250 {
                                pool.delegate(Some(job)).unwrap();
                            }
                        });
                    }
                });
                for _ in 0..WORKERS {
                    pool.delegate(None).unwrap();
                }
                finish.wait();
                round_done.send(()).unwrap();
            }
        });
        for round in 0..ROUNDS {
            // Only a lost wakeup makes a round take this long; fail instead of hanging.
            if rounds_done.recv_timeout(Duration::from_secs(120)).is_err() {
                eprintln!("round {round} never ended: a queued job found no worker");
                std::process::abort();
            }
        }
    });
}
