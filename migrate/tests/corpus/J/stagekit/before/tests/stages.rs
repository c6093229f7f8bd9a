//! Stage building, resizing and batches.

use std::sync::mpsc;
use std::time::Duration;

use stagekit::{run_batch, StageBuilder, StageError};

#[test]
fn builder_starts_the_requested_workers() {
    let stage = StageBuilder::new("w").workers(3).build(|_: u8| {}).unwrap();
    assert_eq!(stage.workers(), 3);
    assert_eq!(stage.name(), "w");
}

#[test]
fn zero_workers_is_a_config_error() {
    let err = StageBuilder::new("empty")
        .workers(0)
        .build(|_: u8| {})
        .err()
        .unwrap();
    assert!(matches!(err, StageError::Config(_)));
    assert_eq!(
        err.to_string(),
        "bad stage config: stage empty needs at least one worker"
    );
}

#[test]
fn resize_grows_and_shrinks() {
    let stage = StageBuilder::new("r")
        .workers(1)
        .build(|_: u32| {})
        .unwrap();
    stage.resize(4).unwrap();
    assert_eq!(stage.workers(), 4);
    stage.resize(2).unwrap();
    assert_eq!(stage.workers(), 2);
}

#[test]
fn submit_all_runs_every_job() {
    let (tx, rx) = mpsc::channel::<u64>();
    let stage = StageBuilder::new("sum")
        .queue(2)
        .build(move |n: u64| tx.send(n * 2).unwrap())
        .unwrap();
    let queued = stage.submit_all(1..=5u64).unwrap();
    assert_eq!(queued, 5);
    let mut got: Vec<u64> = (0..5)
        .map(|_| rx.recv_timeout(Duration::from_secs(5)).unwrap())
        .collect();
    got.sort();
    assert_eq!(got, vec![2, 4, 6, 8, 10]);
}

#[test]
fn batch_keeps_input_order() {
    let words = vec!["pear".to_string(), "fig".to_string(), "banana".to_string()];
    let upper = run_batch(StageBuilder::new("up").workers(3), words, |w: String| {
        w.to_uppercase()
    })
    .unwrap();
    assert_eq!(upper, vec!["PEAR", "FIG", "BANANA"]);
}

#[test]
fn halted_stage_has_no_workers() {
    let stage = StageBuilder::new("h").build(|_: i32| {}).unwrap();
    stage.halt();
    assert_eq!(stage.workers(), 0);
}
