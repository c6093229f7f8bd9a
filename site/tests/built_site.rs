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
