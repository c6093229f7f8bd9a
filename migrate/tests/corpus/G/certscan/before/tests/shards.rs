use std::sync::mpsc;
use std::sync::Arc;

use certscan::{CertDb, ShardError, Shards, Verdict};

fn start(n: usize) -> Shards {
    Shards::start(Arc::new(CertDb::sample()), n, 1).unwrap()
}

#[test]
fn a_host_keeps_its_shard() {
    let shards = start(3);
    let (tx, _rx) = mpsc::channel();
    let first = shards.submit("api.example.org", &tx).unwrap();
    assert_eq!(shards.submit("api.example.org", &tx).unwrap(), first);
}

#[test]
fn drained_shards_are_skipped() {
    let shards = start(2);
    let (tx, rx) = mpsc::channel();
    let home = shards.submit("www.example.org", &tx).unwrap();
    // Drain only once the probe has answered: a drained shard's queue waits for its probes to return.
    let first = rx.recv().unwrap();
    shards.drain(home).unwrap();
    let moved = shards.submit("www.example.org", &tx).unwrap();
    assert_ne!(moved, home);
    let second = rx.recv().unwrap();
    assert_eq!((first.shard, second.shard), (home, moved));
    assert!([first, second].iter().all(|r| r.verdict == Verdict::Renew));
}

#[test]
fn all_drained_is_an_error() {
    let shards = start(2);
    shards.drain(0).unwrap();
    shards.drain(1).unwrap();
    let (tx, _rx) = mpsc::channel();
    assert!(matches!(shards.submit("x", &tx), Err(ShardError::AllDown)));
    assert!(matches!(shards.drain(7), Err(ShardError::NoSuchShard(7))));
}

#[test]
fn shutdown_then_restore() {
    let shards = start(2);
    shards.shutdown();
    assert_eq!(shards.probes_per_shard(), vec![0, 0]);
    shards.restore(1, 2).unwrap();
    let (tx, rx) = mpsc::channel();
    assert_eq!(shards.submit("mail.example.org", &tx).unwrap(), 1);
    assert_eq!(rx.recv().unwrap().verdict, Verdict::Expired);
}
