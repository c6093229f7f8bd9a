//! Queueing jobs: `delegate` waits for room, its timeout, deadline and `try_` forms give
//! up and hand the job back, and a queue length of 0 is a rendezvous.

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use workerpool::{Error, Pool};

/// A worker that reports each job it takes on `taken`, then waits for a go on `go`.
fn gated_worker(pool: &Pool<u32>) -> (mpsc::Receiver<u32>, mpsc::Sender<()>) {
    let (taken_tx, taken) = mpsc::channel();
    let (go, go_rx) = mpsc::channel::<()>();
    pool.add_worker(move |job| {
        taken_tx.send(job).unwrap();
        let _ = go_rx.recv();
    });
    (taken, go)
}

#[test]
fn jobs_run_in_the_order_they_were_queued() {
    let pool = Pool::new(100);
    for job in 0..50 {
        pool.delegate(job).unwrap();
    }
    let (ran_tx, ran) = mpsc::channel();
    pool.add_worker(move |job: u32| ran_tx.send(job).unwrap());
    pool.stop();
    assert_eq!(ran.iter().collect::<Vec<_>>(), (0..50).collect::<Vec<_>>());
}

#[test]
fn delegate_waits_for_room_and_then_queues_the_job() {
    let pool = Pool::new(2);
    pool.delegate(1).unwrap();
    pool.delegate(2).unwrap();
    assert!(pool.try_delegate(99).unwrap_err().is_full());

    thread::scope(|scope| {
        let waiting = scope.spawn(|| pool.delegate(3));
        let (taken, go) = gated_worker(&pool);
        // Each job the worker takes makes room for the waiting delegate.
        let mut order = Vec::new();
        for _ in 0..3 {
            order.push(taken.recv().unwrap());
            go.send(()).unwrap();
        }
        assert!(waiting.join().unwrap().is_ok());
        assert_eq!(order, [1, 2, 3]);
    });
}

#[test]
fn delegate_timeout_hands_the_job_back_when_the_queue_stays_full() {
    let pool: Pool<String> = Pool::new(1);
    pool.delegate("queued".to_string()).unwrap();
    let started = Instant::now();
    let err = pool
        .delegate_timeout("late".to_string(), Duration::from_millis(20))
        .unwrap_err();
    assert_eq!(err.kind(), Error::Timeout);
    assert!(
        started.elapsed() >= Duration::from_millis(20),
        "it waited the whole timeout"
    );
    assert_eq!(err.into_job(), "late");
    assert_eq!(pool.queued(), 1, "the refused job was not queued");
}

#[test]
fn delegate_timeout_queues_at_once_when_there_is_room() {
    let pool = Pool::new(1);
    pool.delegate_timeout(7_u8, Duration::ZERO).unwrap();
    assert_eq!(pool.queued(), 1);
}

#[test]
fn delegate_timeout_with_a_huge_timeout_still_queues() {
    let pool = Pool::new(1);
    pool.delegate_timeout(7_u8, Duration::MAX).unwrap();
    assert_eq!(pool.stop(), [7]);
}

#[test]
fn delegate_deadline_gives_up_at_the_deadline() {
    let pool = Pool::new(1);
    pool.delegate(1_u8).unwrap();
    let deadline = Instant::now() + Duration::from_millis(10);
    let err = pool.delegate_deadline(2, deadline).unwrap_err();
    assert!(err.is_timeout());
    assert!(Instant::now() >= deadline);
    assert_eq!(err.into_job(), 2);
}

#[test]
fn delegate_deadline_in_the_past_still_queues_into_room() {
    let pool = Pool::new(1);
    let past = Instant::now() - Duration::from_secs(1);
    pool.delegate_deadline(1_u8, past).unwrap();
    assert!(pool.delegate_deadline(2, past).unwrap_err().is_timeout());
}

#[test]
fn delegate_deadline_succeeds_when_room_comes_in_time() {
    let pool = Pool::new(1);
    pool.delegate(1_u32).unwrap();
    let (taken, go) = gated_worker(&pool);
    thread::scope(|scope| {
        let waiting =
            scope.spawn(|| pool.delegate_deadline(2, Instant::now() + Duration::from_secs(600)));
        assert_eq!(taken.recv().unwrap(), 1); // room for job 2
        go.send(()).unwrap();
        assert!(waiting.join().unwrap().is_ok());
        assert_eq!(taken.recv().unwrap(), 2);
        go.send(()).unwrap();
    });
}

/// A delegate asleep for room is woken only once half the queue is free. Here the one
/// worker frees one slot of three and holds on to its job, so no wake-up comes: the
/// delegate must still find the room (`delegate_with` queues job 4 and says how it went).
fn takes_room_that_came_while_it_waited(
    delegate_with: impl Fn(&Pool<u32>) -> Result<(), workerpool::DelegateError<u32>> + Sync,
) {
    let pool = Pool::new(3);
    for job in 1..=3 {
        pool.delegate(job).unwrap();
    }
    thread::scope(|scope| {
        let waiting = scope.spawn(|| delegate_with(&pool));
        let (taken, go) = gated_worker(&pool);
        let mut order = vec![taken.recv().unwrap()];
        // The worker still holds job 1: no slot frees after this one.
        assert!(waiting.join().unwrap().is_ok());
        go.send(()).unwrap();
        for _ in 0..3 {
            order.push(taken.recv().unwrap());
            go.send(()).unwrap();
        }
        assert_eq!(order, [1, 2, 3, 4]);
    });
    assert!(pool.stop().is_empty());
}

#[test]
fn delegate_takes_room_that_came_while_it_slept() {
    // As when a job waits on another job that a second job is still queueing.
    takes_room_that_came_while_it_waited(|pool| pool.delegate(4));
}

#[test]
fn delegate_timeout_takes_room_that_came_while_it_waited() {
    // The same for a delegate that would give up only after ten minutes.
    takes_room_that_came_while_it_waited(|pool| pool.delegate_timeout(4, Duration::from_secs(600)));
}

#[test]
fn try_delegate_never_waits() {
    let pool = Pool::new(2);
    assert!(pool.try_delegate(1_u8).is_ok());
    assert!(pool.try_delegate(2).is_ok());
    let err = pool.try_delegate(3).unwrap_err();
    assert_eq!(err.kind(), Error::Full);
    assert_eq!(err.into_job(), 3);
    assert_eq!(pool.queued(), 2);
}

#[test]
fn a_busy_caller_can_be_turned_away_and_keeps_its_job() {
    // The landing page's second example: a bounded wait, then "busy".
    #[derive(Debug, PartialEq)]
    enum Reply {
        Accepted,
        Busy(String),
    }
    let accept = |pool: &Pool<String>, email: String| match pool
        .delegate_timeout(email, Duration::from_millis(5))
    {
        Ok(()) => Reply::Accepted,
        Err(err) => Reply::Busy(err.into_job()),
    };
    let pool = Pool::new(1);
    assert_eq!(accept(&pool, "a".into()), Reply::Accepted);
    assert_eq!(accept(&pool, "b".into()), Reply::Busy("b".into()));
}

#[test]
fn rendezvous_delegate_returns_once_a_worker_took_the_job() {
    let pool = Pool::new(0);
    assert_eq!(pool.capacity(), 0);
    let (taken, go) = gated_worker(&pool);
    thread::scope(|scope| {
        let delegating = scope.spawn(|| pool.delegate(5));
        assert_eq!(taken.recv().unwrap(), 5);
        assert!(delegating.join().unwrap().is_ok());
        assert_eq!(pool.queued(), 0, "nothing waits in a rendezvous queue");
        go.send(()).unwrap();
    });
}

#[test]
fn rendezvous_without_a_worker_times_out_and_hands_the_job_back() {
    let pool = Pool::new(0);
    let err = pool
        .delegate_timeout(9_u8, Duration::from_millis(5))
        .unwrap_err();
    assert!(err.is_timeout());
    assert_eq!(err.into_job(), 9);
    assert_eq!(pool.queued(), 0);
    assert_eq!(pool.stop(), Vec::<u8>::new());
}

#[test]
fn rendezvous_try_delegate_needs_an_idle_worker() {
    let pool = Pool::new(0);
    assert!(pool.try_delegate(1_u32).unwrap_err().is_full());

    let (taken, go) = gated_worker(&pool);
    // Wait until the worker is idle: it spins or sleeps, waiting for a job.
    let handed_over = loop {
        match pool.try_delegate(2) {
            Ok(()) => break true,
            Err(err) => assert!(err.is_full()),
        }
        thread::yield_now();
    };
    assert!(handed_over);
    assert_eq!(taken.recv().unwrap(), 2);
    // Busy with job 2, the only worker cannot take another.
    assert!(pool.try_delegate(3).unwrap_err().is_full());
    go.send(()).unwrap();
}

#[test]
fn rendezvous_delegate_waiting_for_a_worker_gets_its_job_back_on_stop() {
    let pool = Pool::new(0);
    thread::scope(|scope| {
        let delegating = scope.spawn(|| pool.delegate(4_u8));
        // Whether the delegate is already waiting or not, stop hands the job back to it.
        while pool.queued() == 0 && !delegating.is_finished() {
            thread::yield_now();
        }
        assert_eq!(pool.stop(), Vec::<u8>::new());
        let err = delegating.join().unwrap().unwrap_err();
        assert!(err.is_stopped());
        assert_eq!(err.into_job(), 4);
    });
}
