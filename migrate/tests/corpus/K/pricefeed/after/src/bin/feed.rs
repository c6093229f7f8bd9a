//! The live feed: three providers, two producer threads, one provider dropped half way.
use pricefeed::{Feed, Quote, Result};
use std::thread;
use std::time::Duration;

const MORNING: &[&str] = &[
    "acme nyse 10050 100", "acme bats 10060 50", "glob nyse 2500 400", "init lse 78000 10",
    "acme nyse 10040 200", "glob arca 2510 100", "init lse 77950 30", "glob nyse 2495 300",
];
const AFTERNOON: &[&str] = &[
    "acme nyse 10100 100", "init lse 78100 20", "glob bats 2520 200", "acme arca 10090 300",
    "zeta nyse 150 1000", "glob nyse 2505 100",
];

fn quotes(lines: &[&str]) -> Result<Vec<Quote>> {
    lines.iter().map(|l| Quote::parse(l).map_err(Into::into)).collect()
}

fn main() -> Result<()> {
    let feed = Feed::new(32);
    feed.connect("reuters", 2)?;
    feed.connect("bloomberg", 2)?;
    feed.connect("iex", 1)?;
    println!("providers {:?}, workers {}", feed.providers(), feed.workers());

    let (first, second) = MORNING.split_at(MORNING.len() / 2);
    let (first, second) = (quotes(first)?, quotes(second)?);
    thread::scope(|s| -> Result<()> {
        let a = s.spawn(|| first.into_iter().try_for_each(|q| feed.push(q)));
        let pool = feed.queue();
        let b = s.spawn(move || second.into_iter().try_for_each(|q| pool.delegate(q).map_err(workerpool::Error::from)));
        a.join().expect("producer a")?;
        b.join().expect("producer b")?;
        Ok(())
    })?;
    if !feed.settle(MORNING.len(), Duration::from_secs(10)) {
        return Err("morning quotes were not applied".into());
    }

    feed.disconnect("bloomberg")?;
    println!("providers {:?}, workers {}", feed.providers(), feed.workers());
    for q in quotes(AFTERNOON)? {
        feed.push(q)?;
    }
    feed.settle(MORNING.len() + AFTERNOON.len(), Duration::from_secs(10));

    for (symbol, level) in feed.book().levels() {
        println!("{symbol:<5} vwap {:>6} volume {:>5} quotes {}", level.vwap(), level.volume, level.quotes);
    }
    if let Err(e) = feed.disconnect("bloomberg") {
        println!("error: {e}");
    }
    Ok(())
}
