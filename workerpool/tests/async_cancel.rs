//! Cancellation: a future dropped by `select!` or a timeout never queues its job later,
//! and through `delegate_async_from` it loses nothing.

mod async_support;

use std::sync::Arc;
use std::time::Duration;

use async_support::{Gate, Ran, multi_thread, sorted};
use workerpool::Pool;

#[test]
fn a_timed_out_delegate_async_never_queues_its_job_later() {
    let pool = Pool::new(1);
    pool.delegate(100).unwrap();
    let outcome = multi_thread().block_on(async {
        tokio::time::timeout(Duration::from_millis(5), pool.delegate_async(1)).await
    });
    assert!(outcome.is_err(), "the queue stayed full: the timeout fired");
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    pool.wait_idle();
    assert_eq!(ran.jobs(), [100], "the dropped future's job was not queued");
}

#[test]
fn a_lost_select_branch_leaves_the_job_in_its_slot() {
    let pool = Pool::new(1);
    pool.delegate(100).unwrap();
    let mut job = Some(1);
    multi_thread().block_on(async {
        tokio::select! {
            biased;
            _ = tokio::time::sleep(Duration::from_millis(5)) => {}
            _ = pool.delegate_async_from(&mut job) => panic!("the queue is full, no worker"),
        }
    });
    assert_eq!(job, Some(1));
    let ran = Ran::default();
    ran.add_worker(&pool, None);
    pool.wait_idle();
    assert_eq!(ran.jobs(), [100]);
    // Still ours: queue it now.
    futures::executor::block_on(pool.delegate_async_from(&mut job)).unwrap();
    assert_eq!(job, None);
    pool.wait_idle();
    assert_eq!(ran.jobs(), [100, 1]);
}

/// Many tasks, each retrying through short timeouts while workers come in bursts: every
/// job runs exactly once or is still in its task's slot, never both, never neither.
#[test]
fn timeouts_racing_the_workers_lose_nothing_and_queue_nothing_twice() {
    const TASKS: u64 = 500;
    let pool = Arc::new(Pool::new(4));
    let gate = Gate::new();
    let _open_on_exit = gate.opens_on_drop();
    let ran = Ran::default();
    ran.add_worker(&pool, Some(Arc::clone(&gate)));
    ran.add_worker(&pool, None);
    let runtime = multi_thread();
    let kept = runtime.block_on(async {
        let tasks: Vec<_> = (0..TASKS)
            .map(|job| {
                let pool = Arc::clone(&pool);
                tokio::spawn(async move {
                    let mut slot = Some(job);
                    // Give up after a few tries: what is left in the slot is kept.
                    for _ in 0..3 {
                        let wait = Duration::from_micros(50 + job % 200);
                        match tokio::time::timeout(wait, pool.delegate_async_from(&mut slot)).await
                        {
                            Ok(Ok(())) => {
                                assert_eq!(slot, None);
                                return None;
                            }
                            Ok(Err(err)) => panic!("the pool is not stopped: {err}"),
                            Err(_elapsed) => assert_eq!(slot, Some(job)),
                        }
                    }
                    slot
                })
            })
            .collect();
        gate.open();
        let mut kept = Vec::new();
        for task in tasks {
            kept.extend(task.await.unwrap());
        }
        kept
    });
    pool.wait_idle();
    let mut all = ran.jobs();
    all.extend(kept);
    assert_eq!(sorted(all), (0..TASKS).collect::<Vec<_>>());
}

#[test]
fn select_against_a_shutdown_signal_on_a_current_thread_runtime_loses_nothing() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap();
    let pool = Arc::new(Pool::new(2));
    let gate = Gate::new();
    let _open_on_exit = gate.opens_on_drop();
    let ran = Ran::default();
    ran.add_worker(&pool, Some(Arc::clone(&gate)));
    let (shutdown, signal) = tokio::sync::watch::channel(false);
    let kept = runtime.block_on(async {
        let tasks: Vec<_> = (0..50)
            .map(|job| {
                let (pool, mut signal) = (Arc::clone(&pool), signal.clone());
                tokio::spawn(async move {
                    let mut slot = Some(job);
                    tokio::select! {
                        result = pool.delegate_async_from(&mut slot) => result.unwrap(),
                        _ = signal.changed() => {}
                    }
                    slot
                })
            })
            .collect();
        while pool.queued() < 2 {
            tokio::task::yield_now().await;
        }
        shutdown.send(true).unwrap();
        let mut kept = Vec::new();
        for task in tasks {
            kept.extend(task.await.unwrap());
        }
        kept
    });
    gate.open();
    pool.wait_idle();
    assert!(kept.len() >= 47, "most tasks were still waiting for room");
    let mut all = ran.jobs();
    all.extend(kept);
    assert_eq!(sorted(all), (0..50).collect::<Vec<_>>());
}
