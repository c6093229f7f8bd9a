use sitewalk::*;

fn chain(n: usize) -> StaticSite {
    (0..n).fold(StaticSite::default(), |s, i| {
        let html = format!(r#"<title>p{i}</title><a href="/p{}">next</a>"#, i + 1);
        s.page(&format!("/p{i}"), &html)
    })
}

#[test]
fn follows_a_chain() -> Result<()> {
    let report = Crawler::new(chain(5), 2).crawl("/p0")?;
    assert_eq!(report.pages.len(), 5);
    assert_eq!(report.broken.iter().collect::<Vec<_>>(), ["/p5"]);
    Ok(())
}

#[test]
fn depth_limit() -> Result<()> {
    let report = Crawler::new(chain(10), 1).max_depth(3).crawl("/p0")?;
    assert_eq!(report.depth_reached, 3);
    assert_eq!(report.pages.len(), 3);
    Ok(())
}

#[test]
fn no_workers_left_after_a_crawl() -> Result<()> {
    let c = Crawler::new(chain(3), 4);
    c.crawl("/p0")?;
    assert_eq!(c.busy_workers(), 0);
    c.crawl("/p1")?;
    assert_eq!(c.busy_workers(), 0);
    Ok(())
}

#[test]
fn bad_seed() {
    assert!(matches!(Crawler::new(chain(1), 1).crawl("p0"), Err(CrawlError::BadSeed(_))));
}
