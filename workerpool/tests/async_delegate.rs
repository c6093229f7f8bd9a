//! `delegate_async` and `delegate_async_from`: every task waiting for room gets in, on
//! tokio (both runtimes) and on `futures`' executor; `stop` hands every waiting job back;
//! wake-ups come in arrival order and a dropped future passes its wake-up on.

mod async_support;

use std::pin::pin;
use std::sync::Arc;
use std::task::Poll;

use async_support::{CountingWaker, Gate, Ran, poll_once, sorted, wait_until};
use workerpool::{Error, Pool};

const TASKS: u64 = 10_000;

/// `TASKS` tasks, each delegating one job into a queue of 4 fed to 2 workers, on `runtime`.
fn every_task_gets_in(runtime: tokio::runtime::Runtime) {
    let pool = Arc::new(Pool::new(4));
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    ran.add_worker(&pool, None);
    runtime.block_on(async {
        let tasks: Vec<_> = (0..TASKS)
            .map(|job| {
                let pool = Arc::clone(&pool);
                tokio::spawn(async move { pool.delegate_async(job).await })
            })
            .collect();
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        pool.wait_idle_async().await;
    });
    assert_eq!(sorted(ran.jobs()), (0..TASKS).collect::<Vec<_>>());
}

#[test]
fn ten_thousand_tokio_tasks_all_get_in_on_a_multi_thread_runtime() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .build()
        .unwrap();
    every_task_gets_in(runtime);
}

#[test]
fn ten_thousand_tokio_tasks_all_get_in_on_a_current_thread_runtime() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    every_task_gets_in(runtime);
}

#[test]
fn ten_thousand_futures_all_get_in_on_the_futures_executor() {
    let pool = Pool::new(4);
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    ran.add_worker(&pool, None);
    let results = futures::executor::block_on(futures::future::join_all(
        (0..TASKS).map(|job| pool.delegate_async(job)),
    ));
    assert!(results.iter().all(Result::is_ok));
    pool.wait_idle();
    assert_eq!(sorted(ran.jobs()), (0..TASKS).collect::<Vec<_>>());
}

/// While every worker is held inside a job, the tasks waiting for room leave the runtime's
/// only thread free: another task on it is what lets the workers go.
#[test]
fn a_current_thread_runtime_runs_other_tasks_while_workers_are_busy() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let pool = Arc::new(Pool::new(2));
    let gate = Gate::new();
    let _open_on_exit = gate.opens_on_drop();
    let ran = Ran::default();
    ran.add_worker(&pool, Some(Arc::clone(&gate)));
    runtime.block_on(async {
        let tasks: Vec<_> = (0..100)
            .map(|job| {
                let pool = Arc::clone(&pool);
                tokio::spawn(async move { pool.delegate_async(job).await })
            })
            .collect();
        let opener = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move {
                // The worker holds one job and the queue is full: the rest wait for room.
                while pool.queued() < 2 {
                    tokio::task::yield_now().await;
                }
                gate.open();
            })
        };
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        opener.await.unwrap();
        pool.wait_idle_async().await;
    });
    assert_eq!(sorted(ran.jobs()), (0..100).collect::<Vec<_>>());
}

#[test]
fn stop_hands_back_every_job_waiting_for_room() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .build()
        .unwrap();
    const JOBS: u64 = 200;
    let pool = Arc::new(Pool::new(2));
    let (waiting, mut waiters) = tokio::sync::mpsc::unbounded_channel();
    let tasks: Vec<_> = (0..JOBS)
        .map(|job| {
            let (pool, waiting) = (Arc::clone(&pool), waiting.clone());
            runtime.spawn(async move {
                let mut delegate = pin!(pool.delegate_async(job));
                match futures::poll!(delegate.as_mut()) {
                    Poll::Ready(queued) => queued,
                    Poll::Pending => {
                        waiting.send(()).unwrap();
                        delegate.await
                    }
                }
            })
        })
        .collect();
    runtime.block_on(async {
        // No worker: two jobs are queued and every other task waits for room.
        for _ in 2..JOBS {
            waiters.recv().await.unwrap();
        }
    });
    let mut back = pool.stop();
    assert_eq!(back.len(), 2, "the queued jobs, with no worker to run them");
    runtime.block_on(async {
        for task in tasks {
            if let Err(err) = task.await.unwrap() {
                assert_eq!(err.kind(), Error::Stopped);
                back.push(err.into_job());
            }
        }
    });
    assert_eq!(sorted(back), (0..JOBS).collect::<Vec<_>>());
}

/// Stop races the tasks at any point: every job runs once or comes back once.
#[test]
fn stop_racing_delegates_loses_no_job_and_runs_none_twice() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .build()
        .unwrap();
    const JOBS: u64 = 2_000;
    let pool = Arc::new(Pool::new(8));
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    let tasks: Vec<_> = (0..JOBS)
        .map(|job| {
            let pool = Arc::clone(&pool);
            runtime.spawn(async move { pool.delegate_async(job).await })
        })
        .collect();
    let mut back = pool.stop();
    runtime.block_on(async {
        for task in tasks {
            if let Err(err) = task.await.unwrap() {
                back.push(err.into_job());
            }
        }
    });
    let mut all = ran.jobs();
    all.extend(back);
    assert_eq!(sorted(all), (0..JOBS).collect::<Vec<_>>());
}

#[test]
fn waiting_futures_get_in_in_the_order_they_began_to_wait() {
    let pool = Pool::new(1);
    pool.delegate(100).unwrap();
    let wakers: Vec<_> = (0..10).map(|_| CountingWaker::new()).collect();
    let mut waiting: Vec<_> = (0..10).map(|job| pool.delegate_async(job)).collect();
    for (delegate, (_, waker)) in waiting.iter_mut().zip(&wakers) {
        assert!(poll_once(delegate, waker).is_pending());
    }
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    // Each future is polled only once woken, as an executor does: the wake-ups, not the
    // order of polling, decide who gets in. (A future polled unwoken may find room too:
    // a push does not queue behind waiters, in either form.)
    let mut pending: Vec<_> = waiting.into_iter().zip(&wakers).collect();
    let mut polled = [0; 10];
    while !pending.is_empty() {
        pending.retain_mut(|(delegate, (woken, waker))| {
            let index = wakers
                .iter()
                .position(|(w, _)| Arc::ptr_eq(w, woken))
                .unwrap();
            if woken.wakes() == polled[index] {
                return true;
            }
            polled[index] = woken.wakes();
            poll_once(delegate, waker).is_pending()
        });
        std::thread::yield_now();
    }
    pool.wait_idle();
    assert_eq!(ran.jobs(), [100, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
}

#[test]
fn a_woken_future_that_is_dropped_passes_its_wake_up_on() {
    let pool = Pool::new(1);
    pool.delegate(100).unwrap();
    let (first_woken, first_waker) = CountingWaker::new();
    let (second_woken, second_waker) = CountingWaker::new();
    let mut first = pool.delegate_async(1);
    let mut second = pool.delegate_async(2);
    assert!(poll_once(&mut first, &first_waker).is_pending());
    assert!(poll_once(&mut second, &second_waker).is_pending());
    let gate = Gate::new();
    let _open_on_exit = gate.opens_on_drop();
    let ran = Ran::default();
    ran.add_worker(&pool, Some(Arc::clone(&gate)));
    // The worker takes job 100: room for one, and the first to wait is woken for it.
    wait_until(|| first_woken.wakes() == 1);
    assert_eq!(second_woken.wakes(), 0);
    drop(first);
    assert_eq!(
        second_woken.wakes(),
        1,
        "the dropped future's wake-up went on"
    );
    assert!(poll_once(&mut second, &second_waker).is_ready());
    gate.open();
    pool.wait_idle();
    assert_eq!(
        ran.jobs(),
        [100, 2],
        "the dropped future's job was never queued"
    );
}

#[test]
fn a_woken_future_that_leaves_room_wakes_the_next_until_the_queue_is_full() {
    let pool = Pool::new(4);
    for job in 100..104 {
        pool.delegate(job).unwrap();
    }
    let wakers: Vec<_> = (0..4).map(|_| CountingWaker::new()).collect();
    let mut waiting: Vec<_> = (0..4).map(|job| pool.delegate_async(job)).collect();
    for (delegate, (_, waker)) in waiting.iter_mut().zip(&wakers) {
        assert!(poll_once(delegate, waker).is_pending());
    }
    // The worker takes 100, then 101 (half the queue is free: the first waiter is woken)
    // and holds 101.
    let gate = Gate::new();
    let _open_on_exit = gate.opens_on_drop();
    let ran = Ran::default();
    {
        let (ran, gate) = (ran.clone(), Arc::clone(&gate));
        pool.add_worker(move |job| {
            if job == 101 {
                gate.pass();
            }
            ran.record(job);
        });
    }
    wait_until(|| pool.queued() == 2);
    wait_until(|| wakers[0].0.wakes() == 1);
    assert_eq!(wakers[1].0.wakes(), 0);
    // The woken future leaves room behind: it wakes the next, which fills the queue.
    assert!(poll_once(&mut waiting[0], &wakers[0].1).is_ready());
    assert_eq!(wakers[1].0.wakes(), 1, "the first passed the room on");
    assert!(poll_once(&mut waiting[1], &wakers[1].1).is_ready());
    assert_eq!(pool.queued(), 4);
    assert_eq!(wakers[2].0.wakes(), 0, "no room left: the rest sleep on");
    assert_eq!(wakers[3].0.wakes(), 0);
    gate.open();
    for delegate in &mut waiting[2..] {
        futures::executor::block_on(delegate).unwrap();
    }
    pool.wait_idle();
    assert_eq!(ran.jobs(), [100, 101, 102, 103, 0, 1, 2, 3]);
}

#[test]
fn on_a_rendezvous_pool_the_future_resolves_once_a_worker_took_the_job() {
    let pool = Pool::new(0);
    let (_, waker) = CountingWaker::new();
    let mut delegate = pool.delegate_async(7);
    assert!(
        poll_once(&mut delegate, &waker).is_pending(),
        "no worker yet"
    );
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    futures::executor::block_on(delegate).unwrap();
    pool.wait_idle();
    assert_eq!(ran.jobs(), [7]);
}

#[test]
fn on_a_rendezvous_pool_each_future_waits_for_its_own_handoff() {
    let pool = Pool::new(0);
    let wakers: Vec<_> = (0..3).map(|_| CountingWaker::new()).collect();
    let mut waiting: Vec<_> = (0..3).map(|job| pool.delegate_async(job)).collect();
    for (delegate, (_, waker)) in waiting.iter_mut().zip(&wakers) {
        assert!(poll_once(delegate, waker).is_pending(), "no worker yet");
    }
    assert_eq!(pool.queued(), 3, "each future waits with its own job");
    let gate = Gate::new();
    let _open = gate.opens_on_drop();
    let ran = Ran::default();
    ran.add_worker(&pool, Some(Arc::clone(&gate)));
    // The worker takes the oldest offer, wakes that future alone, and waits at the gate.
    wait_until(|| wakers[0].0.wakes() == 1);
    assert!(matches!(
        poll_once(&mut waiting[0], &wakers[0].1),
        Poll::Ready(Ok(()))
    ));
    assert_eq!(pool.queued(), 2);
    for (delegate, (woken, waker)) in waiting[1..].iter_mut().zip(&wakers[1..]) {
        assert_eq!(woken.wakes(), 0, "its job was not taken");
        assert!(poll_once(delegate, waker).is_pending());
    }
    gate.open();
    for delegate in &mut waiting[1..] {
        futures::executor::block_on(delegate).unwrap();
    }
    pool.wait_idle();
    assert_eq!(ran.jobs(), [0, 1, 2]);
}

#[test]
fn on_a_rendezvous_pool_async_and_blocking_delegates_line_up_together() {
    let pool = Arc::new(Pool::new(0));
    let (_, waker) = CountingWaker::new();
    let mut first = pool.delegate_async(0);
    assert!(poll_once(&mut first, &waker).is_pending());
    let blocking = {
        let pool = Arc::clone(&pool);
        std::thread::spawn(move || pool.delegate(1))
    };
    wait_until(|| pool.queued() == 2);
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    futures::executor::block_on(first).unwrap();
    blocking.join().unwrap().unwrap();
    pool.wait_idle();
    assert_eq!(ran.jobs(), [0, 1], "taken in the order they came");
}

#[test]
fn on_a_rendezvous_pool_try_delegate_hands_nothing_to_a_waiting_future() {
    // A waiting future is a delegate, not a worker: `try_delegate` still finds no taker.
    let pool = Pool::new(0);
    let (_, waker) = CountingWaker::new();
    let mut waiting = pool.delegate_async(0);
    assert!(poll_once(&mut waiting, &waker).is_pending());
    assert!(pool.try_delegate(1).unwrap_err().is_full());
    drop(waiting);
    assert_eq!(pool.queued(), 0, "the dropped future took its job back");
}

#[test]
fn on_a_rendezvous_pool_a_dropped_future_takes_its_job_back_into_its_slot() {
    let pool = Pool::new(0);
    let (_, waker) = CountingWaker::new();
    let mut job = Some(7);
    let mut delegate = pool.delegate_async_from(&mut job);
    assert!(poll_once(&mut delegate, &waker).is_pending());
    drop(delegate);
    assert_eq!(job, Some(7));
    assert_eq!(pool.queued(), 0);
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    pool.wait_idle();
    assert!(ran.jobs().is_empty(), "the taken-back job never runs");
    assert!(pool.stop().is_empty());
}

#[test]
fn on_a_rendezvous_pool_stop_hands_the_waiting_job_back() {
    let pool = Pool::new(0);
    let (woken, waker) = CountingWaker::new();
    let mut delegate = pool.delegate_async(7);
    assert!(poll_once(&mut delegate, &waker).is_pending());
    assert!(
        pool.stop().is_empty(),
        "the delegate takes its own job back"
    );
    assert_eq!(woken.wakes(), 1);
    match poll_once(&mut delegate, &waker) {
        Poll::Ready(Err(err)) => {
            assert!(err.is_stopped());
            assert_eq!(err.into_job(), 7);
        }
        other => panic!("expected the job back, got {other:?}"),
    }
}

#[test]
fn a_stopped_pool_hands_the_job_back_at_once() {
    let pool = Pool::new(4);
    pool.stop();
    let err = futures::executor::block_on(pool.delegate_async(7)).unwrap_err();
    assert!(err.is_stopped());
    assert_eq!(err.into_job(), 7);
    let mut job = Some(8);
    let result = futures::executor::block_on(pool.delegate_async_from(&mut job));
    assert_eq!(result, Err(Error::Stopped));
    assert_eq!(job, Some(8));
}

#[test]
#[should_panic(expected = "polled with an empty slot")]
fn delegate_async_from_an_empty_slot_panics_saying_what_to_do() {
    let pool = Pool::<u64>::new(4);
    let mut job = None;
    let _ = futures::executor::block_on(pool.delegate_async_from(&mut job));
}

/// A waker that panics when woken, as a broken executor's might.
struct Panicking;

impl std::task::Wake for Panicking {
    fn wake(self: Arc<Self>) {
        panic!("a broken executor's waker");
    }
}

#[test]
fn a_waker_that_panics_takes_down_neither_the_worker_nor_its_job() {
    let pool = Pool::new(1);
    pool.delegate(0).unwrap(); // the queue is full
    let waker = std::task::Waker::from(Arc::new(Panicking));
    let mut waiting = pool.delegate_async(1);
    assert!(poll_once(&mut waiting, &waker).is_pending());
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    // Taking job 0 frees the queue: the worker wakes the future, and the waker panics.
    wait_until(|| !ran.jobs().is_empty() || pool.workers() == 0);
    assert_eq!(pool.workers(), 1, "the worker lives on");
    futures::executor::block_on(waiting).unwrap();
    pool.wait_idle();
    assert_eq!(ran.jobs(), [0, 1]);

    // On a rendezvous pool, the worker that takes the job wakes its future.
    let pool = Pool::new(0);
    let mut waiting = pool.delegate_async(2);
    assert!(poll_once(&mut waiting, &waker).is_pending());
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    wait_until(|| !ran.jobs().is_empty() || pool.workers() == 0);
    assert_eq!(pool.workers(), 1, "the worker lives on");
    assert!(poll_once(&mut waiting, &waker).is_ready());
    assert_eq!(ran.jobs(), [2]);
}
