use scrapemet::prelude::*;

struct Flaky;

impl Source for Flaky {
    fn fetch(&self, url: &str) -> Result<String, String> {
        if url.contains("bad") {
            Ok("not_a_number x\n".into())
        } else {
            Ok("up 1\n".into())
        }
    }
}

fn targets(urls: &[&str]) -> Vec<Target> {
    urls.iter().enumerate().map(|(i, u)| Target { job: format!("j{i}"), url: u.to_string() }).collect()
}

#[test]
fn config_rejects_garbage() {
    match parse_targets("api http://x\nbroken line here\n") {
        Err(ScrapeError::Config { line, .. }) => assert_eq!(line, 2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn good_and_bad_targets() -> Result<(), ScrapeError> {
    let s = Scraper::start(Flaky, 2)?;
    let (samples, failures) = s.round(&targets(&["http://ok", "http://bad", "http://ok2"]))?;
    assert_eq!(samples.len(), 2);
    assert!(matches!(failures[..], [ScrapeError::Parse { .. }]));
    s.shutdown().map_err(ScrapeError::from)
}

#[test]
fn registry_keeps_last_value() -> Result<(), ScrapeError> {
    let s = Scraper::start(FakeSource, 1)?;
    let mut reg = Registry::default();
    let (samples, _) = s.round(&targets(&["http://a/metrics"]))?;
    reg.ingest(samples.clone());
    reg.ingest(samples);
    assert_eq!(reg.get("up", "j0"), Some(1.0));
    assert!(reg.render().contains("scrape_threads"));
    Ok(s.shutdown()?)
}
