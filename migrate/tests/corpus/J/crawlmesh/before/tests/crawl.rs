//! End-to-end crawls over small webs.

use crawlmesh::exec::{self, TaskError};
use crawlmesh::{CrawlError, Crawler, Visit, Web};

fn ring() -> Web {
    Web::default()
        .with("mem://a", "one [[mem://b]]")
        .with("mem://b", "two words [[mem://c]]")
        .with("mem://c", "three words here [[mem://a]]")
}

#[test]
fn a_ring_is_visited_once_per_page() {
    let crawler = Crawler::new(ring(), 2, 2, 10).unwrap();
    let report = crawler.crawl(&["mem://a"]).unwrap();
    assert_eq!(report.len(), 3);
    assert_eq!(report["mem://c"], Visit::Page { depth: 2, words: 3 });
    crawler.shutdown();
}

#[test]
fn depth_limit_stops_the_crawl() {
    let crawler = Crawler::new(ring(), 1, 1, 1).unwrap();
    let report = crawler.crawl(&["mem://a"]).unwrap();
    assert_eq!(
        report.keys().cloned().collect::<Vec<_>>(),
        vec!["mem://a", "mem://b"]
    );
}

#[test]
fn several_seeds_are_queued_from_scoped_threads() {
    let crawler = Crawler::new(ring(), 3, 1, 0).unwrap();
    let report = crawler
        .crawl(&["mem://a", "mem://b", "mem://nope"])
        .unwrap();
    assert_eq!(report.len(), 3);
    assert_eq!(report["mem://nope"], Visit::Missing { depth: 0 });
}

#[test]
fn bad_seed_is_rejected_before_anything_runs() {
    let crawler = Crawler::new(ring(), 1, 1, 1).unwrap();
    let err = crawler.crawl(&["mem://a", "http://a"]).unwrap_err();
    assert_eq!(err.to_string(), "not a url: \"http://a\"");
}

#[test]
fn shrink_removes_one_worker_from_each_pool() {
    let crawler = Crawler::new(ring(), 3, 2, 1).unwrap();
    assert_eq!(crawler.workers(), (3, 2));
    crawler.shrink().unwrap();
    assert_eq!(crawler.workers(), (2, 1));
}

#[test]
fn a_pool_without_workers_refuses_jobs() {
    let pool = exec::shared(4);
    let err = pool.delegate(String::from("mem://a")).unwrap_err();
    assert!(matches!(err, TaskError::NoWorkers));
    let err: CrawlError = err.into();
    assert_eq!(
        err.to_string(),
        "task pool: there are no workers in the pool"
    );
}
