//! Replays a few quotes through a one-provider feed.
use pricefeed::{Feed, Quote};
use std::time::Duration;

fn main() -> pricefeed::Result<()> {
    let feed = Feed::new(4);
    feed.connect("local", 1)?;
    for line in ["abc x 100 1", "abc x 300 1"] {
        feed.push(Quote::parse(line)?)?;
    }
    feed.settle(2, Duration::from_secs(5));
    for (s, l) in feed.book().levels() {
        println!("{s}: {}", l.vwap());
    }
    Ok(())
}
