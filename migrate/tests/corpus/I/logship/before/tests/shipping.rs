use logship::prelude::*;
use logship::shipper::collect;
use std::sync::mpsc;

fn sample(n: usize) -> Vec<LogRecord> {
    let text: String = (0..n)
        .map(|i| {
            let level = if i % 4 == 3 { "ERROR" } else { "INFO" };
            format!("{level} svc{}: event {i}\n", i % 3)
        })
        .collect();
    parse_lines(&text).unwrap()
}

#[test]
fn every_batch_gets_a_receipt() {
    let shipper = Shipper::new(MemorySink::default(), 2, 2).unwrap();
    let (ack, receipts) = mpsc::channel();
    for batch in batches(sample(10), 4) {
        shipper.ship(batch, &ack).unwrap();
    }
    let got = collect(&receipts, 3).unwrap();
    assert_eq!(got.iter().map(|r| r.batch).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(shipper.sink().lines().len(), 10);
    shipper.shutdown();
}

#[test]
fn counting_sink_counts_errors() {
    let shipper = Shipper::new(CountingSink::default(), 8, 3).unwrap();
    let (ack, receipts) = mpsc::channel();
    for batch in batches(sample(12), 5) {
        shipper.ship(batch, &ack).unwrap();
    }
    collect(&receipts, 3).unwrap();
    assert_eq!(shipper.sink().totals(), (12, 3));
}

#[test]
fn grow_and_shrink_change_the_thread_count() {
    let shipper = Shipper::new(CountingSink::default(), 1, 1).unwrap();
    shipper.grow().unwrap();
    shipper.grow().unwrap();
    assert_eq!(shipper.threads(), 3);
    shipper.shrink().unwrap();
    assert_eq!(shipper.threads(), 2);
}

#[test]
fn a_shipper_without_threads_refuses_batches() {
    let shipper = Shipper::new(CountingSink::default(), 1, 0).unwrap();
    let (ack, _receipts) = mpsc::channel();
    let batch = batches(sample(1), 1).remove(0);
    match shipper.ship(batch, &ack) {
        Err(ShipError::Pool(_)) => {}
        other => panic!("expected a pool error, got {other:?}"),
    }
}

#[test]
fn bad_lines_are_reported_with_their_number() {
    let err = parse_lines("INFO a: ok\nLOUD b: nope\n").unwrap_err();
    assert_eq!(err.to_string(), "line 2: unknown level \"LOUD\"");
}
