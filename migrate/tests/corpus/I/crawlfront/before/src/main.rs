use crawlfront::prelude::*;
use std::error::Error;

fn main() -> Result<(), Box<dyn Error>> {
    let frontier = Frontier::new(3, 2, 3)?;
    println!("shards: {:?}", frontier.threads());

    let no_private = |url: &Url| !url.path.starts_with("/private");
    let pages = frontier.crawl(&["http://example.org/"], &no_private)?;
    for p in &pages {
        println!("{} d={} {} links={}", p.status, p.depth, p.url, p.links);
    }
    println!("{} pages", pages.len());
    for (host, n) in frontier.hits() {
        println!("  {host}: {n} fetches");
    }

    frontier.throttle(0)?;
    println!("after throttle: {:?}", frontier.threads());
    let again = frontier.crawl(&["http://docs.example.org/api", "http://people.example.net/ana"], &AllowAll)?;
    let found: Vec<&str> = again.iter().map(|p| p.url.as_str()).collect();
    println!("second crawl: {}", found.join(" "));
    Ok(())
}
