//! Crawls a generated documentation tree: an index linking to chapters, each linking to sections.
use sitewalk::{Crawler, StaticSite};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut site = StaticSite::default();
    let chapters: Vec<String> = (1..=4).map(|c| format!(r#"<a href="ch{c}/index.html">"#)).collect();
    site = site.page("/docs/index.html", &format!("<title>Docs</title>{}", chapters.concat()));
    for c in 1..=4 {
        let sections: String = (1..=c).map(|s| format!(r#"<a href="s{s}.html">"#)).collect();
        site = site.page(&format!("/docs/ch{c}/index.html"), &format!("<title>Chapter {c}</title>{sections}"));
        for s in 1..=c {
            site = site.page(&format!("/docs/ch{c}/s{s}.html"), &format!(r#"<title>{c}.{s}</title><a href="index.html">"#));
        }
    }
    let report = Crawler::new(site, 2).crawl("/docs/index.html")?;
    println!("{} pages, {} broken, depth {}", report.pages.len(), report.broken.len(), report.depth_reached);
    Ok(())
}
