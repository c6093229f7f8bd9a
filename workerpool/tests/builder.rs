//! The builder: thread names, stack size, panic handler; and what happens when the
//! operating system refuses a thread.

use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;

use workerpool::Pool;

#[test]
fn threads_are_named_with_the_prefix_and_their_order() {
    let pool = Pool::builder(8).thread_name("mailer").build();
    let (names_tx, names) = mpsc::channel();
    for _ in 0..3 {
        let names_tx = names_tx.clone();
        pool.add_worker(move |()| {
            names_tx
                .send(std::thread::current().name().unwrap().to_string())
                .unwrap();
        });
    }
    drop(names_tx);
    for _ in 0..30 {
        pool.delegate(()).unwrap();
    }
    pool.stop();
    let mut names: Vec<String> = names.iter().collect();
    names.sort();
    names.dedup();
    assert!(
        names
            .iter()
            .all(|name| ["mailer-0", "mailer-1", "mailer-2"].contains(&name.as_str()))
    );
}

#[test]
fn the_default_prefix_is_workerpool() {
    let pool = Pool::new(1);
    let (name_tx, name) = mpsc::channel();
    pool.add_worker(move |()| {
        name_tx
            .send(std::thread::current().name().map(str::to_string))
            .unwrap();
    });
    pool.delegate(()).unwrap();
    assert_eq!(name.recv().unwrap().as_deref(), Some("workerpool-0"));
}

#[test]
fn workers_run_on_the_stack_size_asked_for() {
    // A job that needs more than the smallest stack, on a stack big enough for it.
    let pool = Pool::builder(1).stack_size(4 << 20).build();
    let (sum_tx, sum) = mpsc::channel();
    pool.add_worker(move |n: usize| {
        let big = std::hint::black_box([1_u8; 1 << 20]);
        sum_tx
            .send(big.iter().map(|&b| b as usize).sum::<usize>() + n)
            .unwrap();
    });
    pool.delegate(1).unwrap();
    assert_eq!(sum.recv().unwrap(), (1 << 20) + 1);
}

#[test]
fn a_thread_the_system_refuses_is_a_clear_panic_and_counts_no_worker() {
    let pool = Pool::builder(1).stack_size(usize::MAX / 2).build();
    let caught = panic::catch_unwind(AssertUnwindSafe(|| pool.add_worker(|_: u8| {})));
    let message = caught.unwrap_err();
    let message = message.downcast_ref::<String>().unwrap();
    assert!(
        message.starts_with("workerpool: failed to start a worker thread"),
        "{message}"
    );
    assert_eq!(pool.workers(), 0);
    // The pool still works with workers the system can start.
    drop(pool);
}

#[test]
fn builder_debug_shows_its_settings() {
    let builder = Pool::<u8>::builder(4)
        .thread_name("io")
        .stack_size(65_536)
        .panic_handler(|_| {})
        .on_job_end(|_| {});
    assert_eq!(
        format!("{builder:?}"),
        "Builder { queue_len: 4, thread_name: \"io\", stack_size: Some(65536), panic_handler: true, \
         time_jobs: false, on_job_start: false, on_job_end: true }"
    );
    assert_eq!(builder.build().capacity(), 4);
}

#[test]
fn a_thread_name_with_a_nul_byte_panics_at_once() {
    let caught = panic::catch_unwind(|| Pool::<u8>::builder(4).thread_name("bad\0name"));
    let message = caught.unwrap_err();
    let message = message
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| message.downcast_ref::<&str>().copied())
        .unwrap();
    assert!(message.contains("NUL"), "{message}");
    assert!(
        message.contains("bad\\0name"),
        "names the prefix: {message}"
    );
}

#[test]
fn after_a_refused_thread_the_pool_counts_nothing_and_still_stops() {
    let pool = Pool::builder(4).stack_size(usize::MAX / 2).build();
    for _ in 0..3 {
        let caught = panic::catch_unwind(AssertUnwindSafe(|| pool.add_worker(|_: u8| {})));
        assert!(caught.is_err());
    }
    assert_eq!(pool.workers(), 0);
    pool.delegate(1).unwrap();
    assert_eq!(pool.stop(), [1], "no worker started: the job comes back");
    assert_eq!(pool.workers(), 0);
}

#[test]
fn a_queue_too_large_to_allocate_panics_with_its_size() {
    for queue_len in [1_usize << 40, usize::MAX / 4] {
        let caught = panic::catch_unwind(|| Pool::<u64>::new(queue_len));
        let message = caught.unwrap_err();
        let message = message.downcast_ref::<String>().unwrap();
        assert!(message.contains(&queue_len.to_string()), "{message}");
        assert!(message.contains("bytes"), "{message}");
    }
    let caught = panic::catch_unwind(|| Pool::<u64>::builder(1 << 40).build());
    assert!(caught.is_err(), "the builder panics the same way");
}
