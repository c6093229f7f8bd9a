//! Posting and reconciliation tests.
use ledgerd::entry::Entry;
use ledgerd::*;
use std::collections::BTreeMap;
use std::sync::mpsc::channel;

fn e(account: &str, cents: i64) -> Entry {
    Entry { account: account.into(), cents, memo: String::new() }
}

#[test]
fn balanced_journal_posts_and_reconciles() {
    let rec = Reconciler::new("t1");
    rec.start(2).unwrap();
    let n = rec.post_journal(vec![e("a", 100), e("b", -60), e("c", -40)]).unwrap();
    assert_eq!(n, 3);
    assert_eq!(rec.balance("a"), 100);
    let statement: BTreeMap<String, i64> = [("a".to_string(), 100), ("b".to_string(), -60), ("c".to_string(), -40)].into();
    assert!(rec.reconcile(&statement).unwrap().is_empty());
    rec.close();
}

#[test]
fn unbalanced_journal_is_refused_before_posting() {
    let rec = Reconciler::new("t2");
    rec.start(1).unwrap();
    match rec.post_journal(vec![e("a", 1)]) {
        Err(LedgerError::Unbalanced(1)) => {}
        other => panic!("expected Unbalanced, got {other:?}"),
    }
    assert_eq!(rec.balance("a"), 0);
}

#[test]
fn mismatches_are_sorted() {
    let rec = Reconciler::new("t3");
    rec.start(2).unwrap();
    rec.post_journal(vec![e("z", 5), e("y", -5)]).unwrap();
    let statement: BTreeMap<String, i64> = [("z".to_string(), 4)].into();
    let found = rec.reconcile(&statement).unwrap();
    let names: Vec<&str> = found.iter().map(|m| m.account.as_str()).collect();
    assert_eq!(names, ["y", "z"]);
}

#[test]
fn posting_before_start_is_refused() {
    let rec = Reconciler::new("t4");
    let (ack, _acks) = channel();
    let err = rec.post(e("a", 1), ack).unwrap_err();
    assert!(matches!(err, LedgerError::Tasks(_)));
    assert_eq!(rec.posting_workers(), 0);
}

#[test]
fn audit_trail_records_postings() {
    let rec = Reconciler::new("t5");
    rec.start(1).unwrap();
    rec.post_journal(vec![e("q", 7), e("r", -7)]).unwrap();
    audit::flush();
    assert_eq!(audit::lines_with("t5:"), ["t5: posted q 7", "t5: posted r -7"]);
}
