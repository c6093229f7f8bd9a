use crawlfront::prelude::*;

#[test]
fn depth_zero_fetches_only_the_seeds() {
    let frontier = Frontier::new(2, 1, 0).unwrap();
    let pages = frontier.crawl(&["http://example.org/", "http://nowhere.test/x"], &AllowAll).unwrap();
    let statuses: Vec<(String, u16)> = pages.into_iter().map(|p| (p.url, p.status)).collect();
    assert_eq!(
        statuses,
        vec![("http://example.org/".to_string(), 200), ("http://nowhere.test/x".to_string(), 404)]
    );
}

#[test]
fn a_policy_keeps_the_crawl_on_one_host() {
    let frontier = Frontier::new(4, 2, 5).unwrap();
    let same_host = |u: &Url| u.host == "docs.example.org";
    let pages = frontier.crawl(&["http://docs.example.org/"], &same_host).unwrap();
    assert!(pages.iter().all(|p| p.url.starts_with("http://docs.example.org/")));
    assert_eq!(pages.len(), 5);
}

#[test]
fn shards_are_stable_and_in_range() {
    let url = Url::parse("http://Example.org/a").unwrap();
    assert_eq!(url.host, "example.org");
    assert_eq!(url.shard(7), url.shard(7));
    assert!(url.shard(3) < 3);
}

#[test]
fn bad_seeds_are_rejected() {
    let frontier = Frontier::new(1, 1, 1).unwrap();
    let err = frontier.crawl(&["ftp://example.org/"], &AllowAll).unwrap_err();
    assert_eq!(err.to_string(), "not a crawlable url: ftp://example.org/");
}

#[test]
fn shard_pools_can_be_shared() {
    let frontier = Frontier::new(2, 1, 0).unwrap();
    let shards: &Shards = frontier.shards();
    let first = std::sync::Arc::clone(&shards[0]);
    assert_eq!(first.workers_num(), 1);
    frontier.throttle(0).unwrap();
    assert_eq!(first.workers_num(), 0);
}
