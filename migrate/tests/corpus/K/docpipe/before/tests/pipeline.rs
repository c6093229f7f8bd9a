//! Tests of stages and the whole pipeline.
use docpipe::prelude::*;
use std::sync::mpsc::channel;

#[test]
fn indexes_and_stems() {
    let index = index_once(&["walking walked walks", "the walk"]).unwrap();
    let walk: Vec<usize> = index["walk"].iter().copied().collect();
    assert_eq!(walk, [0, 1]);
    assert!(!index.contains_key("the"));
}

#[test]
fn stage_resizes() {
    let p = Pipeline::builder().threads(1).build().unwrap();
    let s = p.stage("tokenize").unwrap();
    s.resize(4).unwrap();
    assert_eq!(s.threads(), 4);
    s.resize(0).unwrap();
    assert_eq!(s.threads(), 0);
    s.resize(2).unwrap();
    assert_eq!(p.stages()[0], ("tokenize".to_string(), 2));
}

#[test]
fn a_stage_of_its_own() {
    let (tx, rx) = channel::<u64>();
    let stage = build_stage("square", 2, 4, move |n: u64| tx.send(n * n).unwrap()).unwrap();
    for n in 1..=4u64 {
        stage.send(n).unwrap();
    }
    let mut got: Vec<u64> = rx.iter().take(4).collect();
    got.sort();
    assert_eq!(got, [1, 4, 9, 16]);
    stage.stop();
}

#[test]
fn unknown_stage() {
    let p = Pipeline::builder().build().unwrap();
    assert!(matches!(p.stage("nope"), Err(PipeError::NoSuchStage(_))));
}
