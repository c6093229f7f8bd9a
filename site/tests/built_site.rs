//! The built site as a whole: it builds from a clean state, its links and anchors resolve,
//! nothing loads from another host, and every page parses as HTML.

mod common;

use site::check::SiteReport;

#[test]
fn the_site_builds_from_a_clean_state_with_all_three_parts() {
    let built = common::built_site();
    for page in [
        "index.html",
        "book/index.html",
        "api/index.html",
        "api/workerpool/index.html",
    ] {
        assert!(built.dist.join(page).is_file(), "the site has no {page}");
    }
}

#[test]
fn every_internal_link_and_anchor_resolves() {
    let report = SiteReport::scan(&common::built_site().dist).unwrap();
    let broken = report.broken_links();
    assert!(broken.is_empty(), "broken links:\n{}", list(&broken));
}

#[test]
fn nothing_loads_from_outside_the_site() {
    let report = SiteReport::scan(&common::built_site().dist).unwrap();
    let external = report.external_loads();
    assert!(
        external.is_empty(),
        "loads from other hosts:\n{}",
        list(&external)
    );
}

#[test]
fn every_page_parses_without_html_errors() {
    let report = SiteReport::scan(&common::built_site().dist).unwrap();
    let errors = report.parse_errors();
    assert!(errors.is_empty(), "HTML parse errors:\n{}", list(&errors));
}

fn list(problems: &[site::check::Problem]) -> String {
    problems.iter().map(|p| format!("  {p}\n")).collect()
}

#[test]
fn the_landing_page_shows_the_figures_of_the_data_files() {
    let built = common::built_site();
    let layout = common::test_layout("shared");
    let summary = site::summary::Summary::load(&layout).unwrap();
    let coverage = site::coverage::Coverage::load(&layout).unwrap();
    let page = scraper::Html::parse_document(
        &std::fs::read_to_string(built.dist.join("index.html")).unwrap(),
    );
    let select = |css: &str| -> Vec<String> {
        let selector = scraper::Selector::parse(css).unwrap();
        page.select(&selector)
            .map(|e| e.text().collect::<String>())
            .collect()
    };
    let mut expected: Vec<String> = site::summary::HEADLINES
        .iter()
        .map(|id| summary.headline(id).display.clone())
        .collect();
    expected.push(coverage.percent_text());
    assert_eq!(select(".figure-value"), expected);
    let charts = select("figure.chart .chart-title");
    let compared: Vec<String> = summary
        .comparisons()
        .iter()
        .map(|s| s.title.clone())
        .collect();
    assert_eq!(
        charts, compared,
        "one chart per section comparing v3 with v2"
    );
}

#[test]
fn the_landing_page_needs_no_javascript() {
    let html = std::fs::read_to_string(common::built_site().dist.join("index.html")).unwrap();
    let page = scraper::Html::parse_document(&html);
    let scripts = scraper::Selector::parse("script, [onclick], [onload]").unwrap();
    assert_eq!(
        page.select(&scripts).count(),
        0,
        "the landing page runs script"
    );
}
