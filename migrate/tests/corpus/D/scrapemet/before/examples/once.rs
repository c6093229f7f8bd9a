//! One scrape of one target, printed as exposition text.
use scrapemet::prelude::*;

fn main() -> Result<(), ScrapeError> {
    let scraper = Scraper::start(FakeSource, 1)?;
    let (samples, _) = scraper.round(&[Target { job: "self".into(), url: "http://127.0.0.1:9100/metrics".into() }])?;
    let mut reg = Registry::default();
    reg.ingest(samples);
    print!("{}", reg.render());
    scraper.shutdown().map_err(Into::into)
}
