use rollup::*;
use std::sync::mpsc;

fn run(lines: &[&str]) -> (Vec<((String, u64), Stats)>, Vec<String>) {
    let (events, done) = mpsc::channel();
    let pipeline = build(10, events).unwrap();
    for line in lines {
        pipeline.push(line).unwrap();
    }
    let mut rejected: Vec<String> = done
        .iter()
        .take(lines.len())
        .filter_map(|e| match e {
            Event::Rejected(why) => Some(why),
            Event::Counted => None,
        })
        .collect();
    rejected.sort();
    (pipeline.table.snapshot(), rejected)
}

#[test]
fn samples_land_in_their_window() {
    let (table, rejected) = run(&["a 3 1", "a 9 5", "a 10 7", "b 0 -2"]);
    assert!(rejected.is_empty());
    let keys: Vec<_> = table.iter().map(|(k, s)| (k.0.as_str(), k.1, s.count, s.sum)).collect();
    assert_eq!(keys, vec![("a", 0, 2, 6), ("a", 10, 1, 7), ("b", 0, 1, -2)]);
}

#[test]
fn bad_lines_are_rejected_with_a_reason() {
    let (table, rejected) = run(&["a 1", "a one 2", "ok 1 1"]);
    assert_eq!(table.len(), 1);
    assert_eq!(rejected, vec!["bad timestamp: \"a one 2\"", "no value: \"a 1\""]);
}

#[test]
fn unknown_stages_are_an_error() {
    let (events, _done) = mpsc::channel();
    let pipeline = build(10, events).unwrap();
    let err = pipeline.stages.feed("compress", vec![1u8]).unwrap_err();
    assert_eq!(err.to_string(), "no stage named \"compress\"");
}

#[test]
fn stages_scale_up_and_down() {
    let (events, _done) = mpsc::channel();
    let pipeline = build(10, events).unwrap();
    assert_eq!(pipeline.stages.describe(), "aggregate=2 parse=2");
    pipeline.stages.scale("aggregate", 5).unwrap();
    pipeline.stages.scale("parse", 0).unwrap();
    assert_eq!(pipeline.stages.describe(), "aggregate=5 parse=0");
}

#[test]
fn samples_can_skip_the_parse_stage() {
    let (events, done) = mpsc::channel();
    let pipeline = build(100, events).unwrap();
    let sample = Sample { metric: "direct".into(), ts: 250, value: 9 };
    pipeline.stages.feed("aggregate", sample).unwrap();
    assert_eq!(done.recv().unwrap(), Event::Counted);
    let table = pipeline.table.snapshot();
    assert_eq!(table[0].0, ("direct".to_string(), 200));
}
