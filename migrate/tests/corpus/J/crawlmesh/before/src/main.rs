//! Crawl the sample web two links deep and print what was found.

use crawlmesh::{CrawlError, Crawler, Visit, Web};

fn main() -> Result<(), CrawlError> {
    let crawler = Crawler::new(Web::sample(), 3, 2, 2)?;
    let report = crawler.crawl(&["mem://home"])?;
    for (url, visit) in &report {
        match visit {
            Visit::Page { depth, words } => println!("{depth} {url} ({words} words)"),
            Visit::Missing { depth } => println!("{depth} {url} (missing)"),
        }
    }
    println!("{} urls", report.len());
    crawler.shrink()?;
    println!("workers after shrink: {:?}", crawler.workers());
    crawler.shutdown();
    Ok(())
}
