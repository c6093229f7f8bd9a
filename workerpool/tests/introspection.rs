//! What a pool tells about itself: workers, queued jobs, capacity, stopped, panics.

use std::sync::mpsc;

use workerpool::Pool;

#[test]
fn a_new_pool_reports_its_capacity_and_nothing_else() {
    let pool: Pool<u8> = Pool::new(100);
    assert_eq!(
        (
            pool.capacity(),
            pool.queued(),
            pool.workers(),
            pool.is_stopped(),
            pool.panics()
        ),
        (100, 0, 0, false, 0)
    );
    assert_eq!(
        format!("{pool:?}"),
        "Pool { capacity: 100, queued: 0, workers: 0, stopped: false }"
    );
}

#[test]
fn queued_counts_jobs_waiting_not_jobs_running() {
    let pool = Pool::new(10);
    let (started_tx, started) = mpsc::channel();
    let (finish, finish_rx) = mpsc::channel::<()>();
    for job in 0..3 {
        pool.delegate(job).unwrap();
    }
    assert_eq!(pool.queued(), 3);
    pool.add_worker(move |job: u8| {
        started_tx.send(job).unwrap();
        finish_rx.recv().unwrap();
    });
    assert_eq!(started.recv().unwrap(), 0);
    assert_eq!(pool.queued(), 2, "the job being run is not queued");
    for _ in 0..3 {
        finish.send(()).unwrap();
    }
    pool.stop();
    assert_eq!(pool.queued(), 0);
}

#[test]
fn the_queue_wraps_around_many_times_and_keeps_its_count() {
    let pool = Pool::new(3);
    for round in 0..100_u32 {
        pool.delegate(round).unwrap();
        pool.delegate(round).unwrap();
        assert_eq!(pool.queued(), 2);
        assert_eq!(pool.stop_or_drain(), [round, round]);
    }
}

/// Drains the queue through a worker that reports what it ran; keeps the pool open.
trait Drain<T> {
    fn stop_or_drain(&self) -> Vec<T>;
}

impl Drain<u32> for Pool<u32> {
    fn stop_or_drain(&self) -> Vec<u32> {
        let (ran_tx, ran) = mpsc::channel();
        let worker = self.add_worker(move |job| ran_tx.send(job).unwrap());
        self.wait_idle();
        worker.remove();
        worker.join();
        ran.iter().collect()
    }
}

#[test]
#[should_panic(expected = "cannot be allocated")]
fn a_queue_too_large_to_allocate_is_refused_with_a_message() {
    let _pool: Pool<u64> = Pool::new(usize::MAX / 2);
}

#[test]
fn a_worker_handle_shows_whether_it_was_removed_and_has_finished() {
    let pool: Pool<u8> = Pool::new(1);
    let worker = pool.add_worker(|_| {});
    assert_eq!(
        format!("{worker:?}"),
        "WorkerHandle { removed: false, finished: false }"
    );
    worker.remove();
    assert!(format!("{worker:?}").starts_with("WorkerHandle { removed: true"));
    worker.join();
}

#[test]
fn a_stopped_rendezvous_pool_refuses_try_delegate_as_stopped() {
    let pool: Pool<u8> = Pool::new(0);
    pool.stop();
    let err = pool.try_delegate(1).unwrap_err();
    assert!(err.is_stopped());
}
