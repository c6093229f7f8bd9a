use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use cachewarm::prelude::*;

#[test]
fn each_key_is_fetched_once_across_passes() {
    let calls = Arc::new(AtomicUsize::new(0));
    let c = Arc::clone(&calls);
    let warmer = Warmer::new(
        move |k: &str| {
            c.fetch_add(1, Ordering::SeqCst);
            Some(k.as_bytes().to_vec())
        },
        Arc::new(Cache::new()),
    );
    warmer.scale_to(4).unwrap();
    let mut plan = Plan::default();
    for i in 0..100 {
        plan.push(Priority::Normal, &format!("/k/{i}"));
    }
    assert_eq!(warmer.warm(&plan).unwrap().fetched, 100);
    warmer.scale_to(2).unwrap();
    assert_eq!(warmer.warm(&plan).unwrap().already_cached, 100);
    assert_eq!(calls.load(Ordering::SeqCst), 100);
}

#[test]
fn missing_keys_are_listed_sorted() {
    let warmer = Warmer::new(StaticOrigin::default(), Arc::new(Cache::new()));
    warmer.scale_to(2).unwrap();
    let plan = Plan::parse("low /gone/b\nhigh /gone/a\nnormal /here\n").unwrap();
    let r = warmer.warm(&plan).unwrap();
    assert_eq!(r.missing, ["/gone/a", "/gone/b"]);
    assert_eq!(r.fetched, 1);
}

#[test]
fn the_global_warmer_starts_with_two_threads() {
    assert!(global().threads() >= 1);
    let r = global().warm(&Plan::parse("high /g").unwrap()).unwrap();
    assert_eq!(r.fetched + r.already_cached, 1);
}
