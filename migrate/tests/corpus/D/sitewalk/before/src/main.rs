use sitewalk::{Crawler, StaticSite};

fn site() -> StaticSite {
    StaticSite::default()
        .page("/", r#"<title>Home</title><a href="/blog/">blog</a><a href="/about.html">about</a><a href="https://x.org">x</a>"#)
        .page("/about.html", r#"<title>About</title><a href="/">home</a><a href="team.html">team</a>"#)
        .page("/blog/", r#"<title>Blog</title><a href="first.html">1</a><a href="second.html">2</a><a href="/gone.html">old</a>"#)
        .page("/blog/first.html", r#"<title>First post</title><a href="second.html#top">next</a>"#)
        .page("/blog/second.html", r#"<title>Second post</title><a href="../">up</a>"#)
}

fn main() -> sitewalk::Result<()> {
    let crawler = Crawler::new(site(), 3);
    let report = crawler.crawl("/")?;
    println!("crawled {} pages to depth {}", report.pages.len(), report.depth_reached);
    for (path, info) in &report.pages {
        println!("{path:<20} {:<12} -> {}", info.title, info.links.join(" "));
    }
    for b in &report.broken {
        println!("broken: {b}");
    }
    println!("workers left attached: {}", crawler.busy_workers());
    if let Err(e) = crawler.crawl("about.html") {
        println!("error: {e}");
    }
    Ok(())
}
