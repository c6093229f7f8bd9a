//! `wait_idle_async`: the semantics of `wait_idle`, awaited.

mod async_support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use async_support::{CountingWaker, Gate, Ran, poll_once};
use workerpool::Pool;

#[test]
fn waits_for_the_jobs_queued_before_the_call_and_not_for_later_ones() {
    let pool = Pool::new(8);
    let gate = Gate::new();
    let _open_on_exit = gate.opens_on_drop();
    let later_gate = Gate::new();
    let _later_open_on_exit = later_gate.opens_on_drop();
    let ran = Ran::default();
    {
        let (ran, gate, later_gate) = (ran.clone(), Arc::clone(&gate), Arc::clone(&later_gate));
        pool.add_worker(move |job: u64| {
            if job == 1 {
                gate.pass();
            }
            if job == 2 {
                later_gate.pass();
            }
            ran.record(job);
        });
    }
    pool.delegate(0).unwrap();
    pool.delegate(1).unwrap();
    let mut idle = Box::pin(pool.wait_idle_async());
    // Queued after the call: not waited for, although it holds the worker.
    pool.delegate(2).unwrap();
    let (_, waker) = CountingWaker::new();
    assert!(
        idle.as_mut()
            .poll(&mut std::task::Context::from_waker(&waker))
            .is_pending()
    );
    gate.open();
    // Resolves while job 2 still holds the worker.
    futures::executor::block_on(idle);
    assert_eq!(ran.jobs(), [0, 1]);
    later_gate.open();
    pool.wait_idle();
    assert_eq!(ran.jobs(), [0, 1, 2]);
}

#[test]
fn without_workers_it_waits_until_stop_hands_the_jobs_back() {
    let pool = Pool::new(8);
    pool.delegate(1_u64).unwrap();
    let (woken, waker) = CountingWaker::new();
    let mut idle = pool.wait_idle_async();
    assert!(poll_once(&mut idle, &waker).is_pending());
    assert_eq!(pool.stop(), [1]);
    assert_eq!(woken.wakes(), 1);
    assert!(poll_once(&mut idle, &waker).is_ready());
}

#[test]
fn without_workers_it_waits_until_one_is_added() {
    let pool = Pool::new(8);
    pool.delegate(1_u64).unwrap();
    let mut idle = pool.wait_idle_async();
    let (_, waker) = CountingWaker::new();
    assert!(poll_once(&mut idle, &waker).is_pending());
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    futures::executor::block_on(idle);
    assert_eq!(ran.jobs(), [1]);
}

#[test]
fn an_idle_pool_is_ready_at_once_and_a_dropped_wait_is_harmless() {
    let pool = Pool::<u64>::new(8);
    let (_, waker) = CountingWaker::new();
    assert!(poll_once(&mut pool.wait_idle_async(), &waker).is_ready());
    pool.delegate(1).unwrap();
    let mut idle = pool.wait_idle_async();
    assert!(poll_once(&mut idle, &waker).is_pending());
    drop(idle);
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    pool.wait_idle();
    assert_eq!(ran.jobs(), [1]);
}

#[test]
fn many_tasks_waiting_for_idle_on_tokio_all_wake() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .build()
        .unwrap();
    let pool = Arc::new(Pool::new(64));
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    ran.add_worker(&pool, None);
    runtime.block_on(async {
        let tasks: Vec<_> = (0..100)
            .map(|task| {
                let pool = Arc::clone(&pool);
                tokio::spawn(async move {
                    for job in 0..10 {
                        pool.delegate_async(task * 10 + job).await.unwrap();
                    }
                    pool.wait_idle_async().await;
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
    });
    assert_eq!(ran.jobs().len(), 1000);
}

#[test]
fn called_from_a_worker_it_panics_as_wait_idle_does() {
    let pool = Arc::new(Pool::new(8));
    let panicked = Arc::new(AtomicBool::new(false));
    {
        let (inner, panicked) = (Arc::downgrade(&pool), Arc::clone(&panicked));
        pool.add_worker(move |_: u64| {
            let pool = inner.upgrade().unwrap();
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                drop(pool.wait_idle_async());
            }));
            panicked.store(outcome.is_err(), Ordering::SeqCst);
        });
    }
    std::panic::set_hook(Box::new(|_| {}));
    pool.delegate(1).unwrap();
    pool.wait_idle();
    let _ = std::panic::take_hook();
    assert!(panicked.load(Ordering::SeqCst));
}

#[test]
fn on_a_rendezvous_pool_it_waits_for_an_offer_until_its_future_takes_it_back() {
    let pool = Pool::new(0);
    let (_, waker) = CountingWaker::new();
    let mut job = Some(7_u64);
    let mut delegate = pool.delegate_async_from(&mut job);
    assert!(poll_once(&mut delegate, &waker).is_pending());
    let (idle_woken, idle_waker) = CountingWaker::new();
    let mut idle = pool.wait_idle_async();
    assert!(
        poll_once(&mut idle, &idle_waker).is_pending(),
        "job 7 waits for a worker"
    );
    drop(delegate);
    assert_eq!(job, Some(7));
    assert!(
        idle_woken.wakes() > 0,
        "a job taken back counts as handed back: it wakes the wait"
    );
    assert!(poll_once(&mut idle, &idle_waker).is_ready());
}
