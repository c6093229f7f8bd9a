use scrapemet::prelude::*;

const TARGETS: &str = "
# job url
api      http://10.0.0.1:9100/metrics
db       http://10.0.0.2:9100/metrics
cache    http://10.0.0.3:9100/down
gateway  http://10.0.0.4:9100/metrics
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let targets = parse_targets(TARGETS)?;
    let scraper = Scraper::start(FakeSource, 3)?;
    let mut registry = Registry::default();
    for round in 1..=2 {
        let (samples, failures) = scraper.round(&targets)?;
        println!("round {round}: {} samples, {} failures", samples.len(), failures.len());
        for f in &failures {
            println!("  {f}");
            if let ScrapeError::Fetch { target, .. } = f {
                registry.failed(target);
            }
        }
        registry.ingest(samples);
    }
    print!("{}", registry.render());
    scraper.shutdown()?;
    println!("threads after shutdown: {}", scrapemet::scrape::running_threads());
    Ok(())
}
