//! Lists what one hop from a seed reaches: `cargo run --example depth1 -- http://example.org/blog`
use crawlfront::prelude::*;

fn main() -> Result<(), CrawlError> {
    let seed = std::env::args().nth(1).unwrap_or_else(|| "http://example.org/".to_string());
    let frontier = Frontier::new(2, 2, 1)?;
    for page in frontier.crawl(&[seed], &AllowAll)? {
        println!("{:>3} {}", page.status, page.url);
    }
    Ok(())
}
