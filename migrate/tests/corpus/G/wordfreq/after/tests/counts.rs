use std::sync::mpsc;

use wordfreq::prelude::*;
use wordfreq::word_counts;

#[test]
fn shared_pool_counts_every_document() {
    let counts = word_counts(counting_pool(), &["a b\nb c\nc c", "C"]).unwrap();
    assert_eq!(counts.get("a"), Some(&1));
    assert_eq!(counts.get("b"), Some(&2));
    assert_eq!(counts.get("c"), Some(&4));
    assert!(counting_pool().workers() >= 1);
}

#[test]
fn a_private_pool_works_the_same() {
    let pool = TaskPool::<(String, mpsc::Sender<std::collections::BTreeMap<String, usize>>)>::new(1);
    pool.add_worker(count_chunk);
    let counts = word_counts(&pool, &["x y x"]).unwrap();
    assert_eq!(top(&counts, 1), vec![("x", 2)]);
}

#[test]
fn a_job_by_hand() {
    let (out, back) = mpsc::channel();
    let job: CountJob = ("hi hi ho".to_string(), out);
    counting_pool().delegate(job).unwrap();
    let counts = back.recv().unwrap();
    assert_eq!(counts["hi"], 2);
}
