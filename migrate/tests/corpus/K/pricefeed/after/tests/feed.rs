//! Tests of the feed's providers and of the pool helpers.
use pricefeed::pools::{fan_out, with_pool};
use pricefeed::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::channel;
use std::sync::Arc;
use std::time::Duration;
use workerpool::SharedWorker;

#[test]
fn providers_add_and_remove_their_own_workers() {
    let feed = Feed::new(8);
    feed.connect("a", 3).unwrap();
    feed.connect("b", 1).unwrap();
    assert_eq!(feed.workers(), 4);
    feed.disconnect("a").unwrap();
    assert_eq!(feed.workers(), 1);
    assert_eq!(feed.providers(), ["b"]);
    assert!(feed.connect("b", 1).is_err());
    feed.push(Quote::parse("x v 10 2").unwrap()).unwrap();
    assert!(feed.settle(1, Duration::from_secs(5)));
}

#[test]
fn vwap_over_quotes() {
    let feed = Feed::new(2);
    feed.connect("p", 2).unwrap();
    for l in ["s v 100 1", "s v 200 3"] {
        feed.push(Quote::parse(l).unwrap()).unwrap();
    }
    assert!(feed.settle(2, Duration::from_secs(5)));
    let levels = feed.book().levels();
    assert_eq!(levels[0].1.vwap(), 175);
    assert_eq!(levels[0].1.quotes, 2);
}

#[test]
fn with_pool_runs_everything_fanned_out() {
    let sum = Arc::new(AtomicU64::new(0));
    let (done, finished) = channel();
    let s = Arc::clone(&sum);
    let adder = SharedWorker::new(move |n: u64| {
        s.fetch_add(n, Ordering::SeqCst);
        done.send(()).unwrap();
    });
    let n = with_pool(2, &adder, 2, |pool| {
        let n = fan_out(pool, 1..=10u64)?;
        finished.iter().take(n).for_each(drop);
        Ok::<_, workerpool::Error>(n)
    })
    .unwrap()
    .unwrap();
    assert_eq!(n, 10);
    assert_eq!(sum.load(Ordering::SeqCst), 55);
}

#[test]
fn parse_errors() {
    assert_eq!(Quote::parse("a b c"), Err(ParseError::Fields(3)));
    assert_eq!(Quote::parse("a b 1 z"), Err(ParseError::Number("z".into())));
}
