use crawler::{CrawlError, Frontier, Site};

#[test]
fn depth_zero_fetches_only_the_start() {
    let f = Frontier::new(Site::generated(10), 0, 2).unwrap();
    let pages = f.crawl("/").unwrap();
    assert_eq!(pages.len(), 1);
    assert_eq!(pages[0].url, "/");
}

#[test]
fn deep_crawl_reaches_every_page_once() {
    let expected = Site::generated(25).reachable("/");
    let f = Frontier::new(Site::generated(25), 1000, 3).unwrap();
    let pages = f.crawl("/").unwrap();
    let urls: Vec<String> = pages.iter().map(|p| p.url.clone()).collect();
    let mut sorted = expected.clone();
    sorted.sort();
    assert_eq!(urls, sorted);
    assert!(urls.len() > 10, "{urls:?}");
    assert_eq!(f.missing(), ["/missing0", "/missing1", "/missing2"]);
}

#[test]
fn unknown_start_page() {
    let f = Frontier::new(Site::new(), 1, 1).unwrap();
    assert!(matches!(f.crawl("/nope"), Err(CrawlError::NoSuchStart(_))));
}
