use crawler::{Frontier, Site};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let depth: u32 = std::env::args().nth(1).map(|d| d.parse()).transpose()?.unwrap_or(1000);
    let frontier = Frontier::new(Site::generated(40), depth, 4)?;
    println!("crawling with {} fetchers", frontier.fetchers());
    let pages = frontier.crawl("/")?;
    for p in &pages {
        println!("{:<8} {:>3} bytes {} links", p.url, p.bytes, p.links);
    }
    println!("{} pages, missing: {}", pages.len(), frontier.missing().join(" "));
    Ok(())
}
