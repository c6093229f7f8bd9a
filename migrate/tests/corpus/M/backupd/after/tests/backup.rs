use std::sync::mpsc::channel;

use backupd::{checksum::adler32, BackupError, Engine, Store};

fn sample() -> Store {
    let s = Store::new();
    s.put("a", b"alpha".to_vec());
    s.put("b", b"bravo!".to_vec());
    s.put("c", vec![1, 2, 3]);
    s
}

#[test]
fn copies_and_verifies_everything() {
    let dest = Store::new();
    let engine = Engine::new(sample(), dest.clone(), 2, &[]);
    let summary = engine.run(&[]).unwrap();
    assert_eq!(summary.bytes, 14);
    assert_eq!(summary.copied[1], ("b".to_string(), 6));
    assert!(summary.corrupt.is_empty());
    assert_eq!(dest.get("a").unwrap(), b"alpha");
    assert!(engine.idle());
}

#[test]
fn flaky_copies_are_caught() {
    let engine = Engine::new(sample(), Store::new(), 4, &["c", "a"]);
    let summary = engine.run(&["a", "b", "c"]).unwrap();
    assert_eq!(summary.corrupt, ["a", "c"]);
    // The engine can run again: the phases add their workers anew.
    let again = engine.run(&["b"]).unwrap();
    assert!(again.corrupt.is_empty());
}

#[test]
fn missing_files_stop_the_run() {
    let engine = Engine::new(sample(), Store::new(), 1, &[]);
    match engine.run(&["a", "zz"]) {
        Err(BackupError::Missing(m)) => assert_eq!(m, ["zz"]),
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
}

#[test]
fn delegating_outside_a_phase_fails() {
    let engine = Engine::new(sample(), Store::new(), 2, &[]);
    let (tx, _rx) = channel::<(String, usize)>();
    let err = engine.pool().delegate(("a".to_string(), tx)).unwrap_err();
    assert!(matches!(err, workerpool::v2::Error::NoWorkers));
}
