use std::sync::Arc;

use dnscache::{lookup, lookup_many, Cache, Prefetcher};

#[test]
fn follows_cnames() {
    let a = lookup("www.example.org").unwrap();
    assert_eq!(a.addr, Ok([93, 184, 216, 34]));
    assert_eq!(a.hops, 1);
}

#[test]
fn loops_and_missing_names_are_errors() {
    let answers = lookup_many(["loop-b.test", "missing.test"]).unwrap();
    assert_eq!(answers[0].addr, Err("CNAME loop at loop-b.test".to_string()));
    assert_eq!(answers[1].addr, Err("NXDOMAIN missing.test".to_string()));
}

#[test]
fn cache_counts_hits() {
    let cache = Cache::new();
    cache.get("api.internal").unwrap();
    cache.get("API.internal").unwrap();
    assert_eq!(cache.stats().hits, 1);
    assert_eq!(cache.stats().misses, 1);
}

#[test]
fn prefetch_fills_the_cache() {
    let cache = Arc::new(Cache::new());
    let p = Prefetcher::new(3, 2, Arc::clone(&cache)).unwrap();
    assert_eq!(p.warm(&["example.org", "ops.internal", "mail.example.org"]).unwrap(), 3);
    p.finish();
    assert_eq!(cache.len(), 3);
    cache.get("ops.internal").unwrap();
    assert_eq!(cache.stats().hits, 1);
}
