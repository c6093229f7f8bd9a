//! Job hooks and job times: the builder's `on_job_start`, `on_job_end` and `time_jobs`, what
//! they report, and a panicking hook caught like a panicking job.

mod common;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::with_quiet_panics;
use workerpool::{JobEnd, Pool};

/// A pool whose end hook sends each job's end to the returned receiver.
fn reporting_ends(queue_len: usize) -> (Pool<u64>, mpsc::Receiver<JobEnd>) {
    let (sent, received) = mpsc::channel();
    let sent = Mutex::new(sent);
    let pool = Pool::builder(queue_len)
        .on_job_end(move |end| sent.lock().unwrap().send(*end).unwrap())
        .build();
    (pool, received)
}

#[test]
fn each_job_starts_and_ends_once_with_its_times() {
    let starts = Arc::new(AtomicU64::new(0));
    let counted = Arc::clone(&starts);
    let (sent, ends) = mpsc::channel();
    let sent = Mutex::new(sent);
    let pool = Pool::builder(64)
        .on_job_start(move |start| {
            assert!(start.queue_time.is_some());
            counted.fetch_add(1, Ordering::SeqCst);
        })
        .on_job_end(move |end| sent.lock().unwrap().send(*end).unwrap())
        .build();
    for _ in 0..3 {
        pool.add_worker(|ms: u64| std::thread::sleep(Duration::from_millis(ms)));
    }
    std::thread::scope(|scope| {
        for _ in 0..2 {
            let pool = &pool;
            scope.spawn(move || (0..10).for_each(|_| pool.delegate(1).unwrap()));
        }
    });
    pool.wait_idle();
    assert_eq!(starts.load(Ordering::SeqCst), 20);
    let ends: Vec<JobEnd> = ends.try_iter().collect();
    assert_eq!(ends.len(), 20, "the end hook ran before wait_idle returned");
    for end in ends {
        assert!(end.run_time >= Duration::from_millis(1), "{end:?}");
        assert!(!end.panicked && end.queue_time.is_some());
    }
}

#[test]
fn a_job_queued_behind_a_busy_worker_reports_its_wait_in_the_queue() {
    let (pool, ends) = reporting_ends(8);
    let (go, wait_for_go) = mpsc::channel::<()>();
    let wait_for_go = Mutex::new(wait_for_go);
    pool.add_worker(move |hold: u64| {
        if hold == 1 {
            wait_for_go.lock().unwrap().recv().unwrap();
        }
    });
    pool.delegate(1).unwrap();
    pool.delegate(0).unwrap(); // waits behind the first
    std::thread::sleep(Duration::from_millis(20)); // a known least time in the queue
    go.send(()).unwrap();
    let first = ends.recv().unwrap();
    let second = ends.recv().unwrap();
    // Both were queued before the pause and ended after it.
    let first_in_pool = first.queue_time.unwrap() + first.run_time;
    assert!(first_in_pool >= Duration::from_millis(20), "{first:?}");
    assert!(
        second.queue_time.unwrap() >= Duration::from_millis(20),
        "{second:?}"
    );
}

#[test]
fn a_panicking_job_ends_with_panicked_set() {
    let (pool, ends) = reporting_ends(8);
    pool.add_worker(|n: u64| assert_ne!(n, 0));
    with_quiet_panics(|| {
        pool.delegate(0).unwrap();
        pool.delegate(1).unwrap();
        pool.wait_idle();
    });
    let panicked: Vec<bool> = ends.try_iter().map(|end| end.panicked).collect();
    assert_eq!(panicked, [true, false]);
    assert_eq!(pool.panics(), 1);
}

#[test]
fn a_panicking_hook_is_counted_and_handled_as_a_job_panic_and_the_job_still_runs() {
    let handled = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&handled);
    let pool = Pool::builder(8)
        .on_job_start(|_| panic!("start hook"))
        .on_job_end(|_| panic!("end hook"))
        .panic_handler(move |payload| {
            let message = payload.downcast_ref::<&str>().copied().unwrap_or("?");
            seen.lock().unwrap().push(message.to_string());
        })
        .build();
    let ran = Arc::new(AtomicU64::new(0));
    let counted = Arc::clone(&ran);
    pool.add_worker(move |n: u64| {
        counted.fetch_add(n, Ordering::SeqCst);
    });
    with_quiet_panics(|| {
        for n in [1, 2] {
            pool.delegate(n).unwrap();
        }
        pool.wait_idle();
    });
    assert_eq!(
        ran.load(Ordering::SeqCst),
        3,
        "both jobs ran, on the same worker"
    );
    assert_eq!(pool.panics(), 4);
    let stats = pool.stats();
    assert_eq!((stats.finished, stats.panicked, stats.workers), (2, 4, 1));
    assert_eq!(
        *handled.lock().unwrap(),
        ["start hook", "end hook", "start hook", "end hook"]
    );
}

#[test]
fn on_a_rendezvous_pool_jobs_have_no_queue_time() {
    let (pool, ends) = reporting_ends(0);
    pool.add_worker(|n: u64| {
        std::hint::black_box(n);
    });
    pool.delegate(7).unwrap();
    let end = ends.recv().unwrap();
    assert_eq!(end.queue_time, None);
    let timed = Pool::builder(0).time_jobs().build();
    timed.add_worker(|n: u64| {
        std::hint::black_box(n);
    });
    timed.delegate(1).unwrap();
    timed.wait_idle();
    let times = timed.job_times().unwrap();
    assert_eq!((times.queue.count(), times.run.count()), (0, 1));
}

#[test]
fn job_times_count_every_job_on_every_worker_across_worker_churn() {
    let pool = Pool::builder(32).time_jobs().build();
    for round in 1..=3_u64 {
        let workers: Vec<_> = (0..2)
            .map(|_| pool.add_worker(|us: u64| common::spin_for(us)))
            .collect();
        std::thread::scope(|scope| {
            for _ in 0..2 {
                let pool = &pool;
                scope.spawn(move || (0..25).for_each(|_| pool.delegate(100).unwrap()));
            }
        });
        pool.wait_idle();
        for worker in workers {
            worker.remove();
            worker.join();
        }
        let times = pool.job_times().unwrap();
        assert_eq!(
            (times.queue.count(), times.run.count()),
            (50 * round, 50 * round)
        );
        let p50 = times.run.percentile(50.0).unwrap();
        assert!(p50 >= Duration::from_micros(100), "run p50 {p50:?}");
        assert!(times.run.percentile(99.0).unwrap() <= times.run.max().unwrap());
        assert!(times.run.total() >= Duration::from_micros(100) * (50 * round) as u32);
    }
}

#[test]
fn without_time_jobs_there_are_no_job_times_even_with_hooks() {
    let (pool, _ends) = reporting_ends(8);
    assert!(pool.job_times().is_none());
    assert!(Pool::<u8>::new(8).job_times().is_none());
}

#[test]
fn a_jobs_run_time_leaves_its_start_hook_out() {
    // The start hook takes at least 50 ms (a sleep lasts at least as long as asked); the job
    // itself does nothing, so a run time of 50 ms or more would be the hook's.
    let hook = Duration::from_millis(50);
    let (sent, received) = mpsc::channel();
    let sent = Mutex::new(sent);
    let pool = Pool::builder(8)
        .time_jobs()
        .on_job_start(move |_| std::thread::sleep(hook))
        .on_job_end(move |end| sent.lock().unwrap().send(end.run_time).unwrap())
        .build();
    pool.add_worker(|_: u64| {});
    pool.delegate(1).unwrap();
    let run_time = received.recv().unwrap();
    pool.wait_idle();
    let recorded = pool.job_times().unwrap().run.max().unwrap();
    assert!(
        run_time < hook,
        "JobEnd::run_time {run_time:?} counts the start hook"
    );
    assert!(
        recorded < hook,
        "JobTimes::run {recorded:?} counts the start hook"
    );
}
