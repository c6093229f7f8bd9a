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
    // Where the figures were measured comes from summary.json's recorded facts alone.
    assert_eq!(
        select("p.environment .machine"),
        [
            match (
                &summary.environment.machine.recorded,
                &summary.environment.machine.machine
            ) {
                (None, None) => "Machine not recorded".to_owned(),
                _ => summary.environment.machine.machine_words(),
            }
        ]
    );
    let recorded = summary.environment.machine.recorded.as_ref();
    assert_eq!(
        select("p.environment .run-date"),
        recorded
            .map(|r| r.date().to_owned())
            .into_iter()
            .collect::<Vec<_>>()
    );
    assert_eq!(
        select("p.environment .run-commit"),
        recorded
            .and_then(|r| r.commit_words())
            .into_iter()
            .collect::<Vec<_>>()
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

/// The element `href` (a page of the site and `#id`) points at, as text, if it exists.
fn target_text(dist: &std::path::Path, href: &str) -> Option<String> {
    let (page, id) = href.split_once('#')?;
    let html = std::fs::read_to_string(dist.join(page)).ok()?;
    let page = scraper::Html::parse_document(&html);
    let selector = scraper::Selector::parse(&format!("[id=\"{id}\"]")).unwrap();
    page.select(&selector)
        .next()
        .map(|e| e.text().collect::<String>())
}

#[test]
fn every_figure_and_chart_links_to_its_book_section_and_the_api_items_it_names() {
    let built = common::built_site();
    let summary = site::summary::Summary::load(&common::test_layout("shared")).unwrap();
    let page = scraper::Html::parse_document(
        &std::fs::read_to_string(built.dist.join("index.html")).unwrap(),
    );
    let selector = |css: &str| scraper::Selector::parse(css).unwrap();
    // Each measured figure and each chart, with the section title its book link must reach.
    let mut linked = Vec::new();
    for (figure, id) in page
        .select(&selector(".figure-list li"))
        .zip(site::summary::HEADLINES)
    {
        let section = summary.headline_section(id);
        linked.push((format!("the figure `{id}`"), figure, section));
    }
    for (chart, section) in page
        .select(&selector("figure.chart"))
        .zip(summary.comparisons())
    {
        linked.push((format!("the chart `{}`", section.id), chart, &section.id));
    }
    assert_eq!(
        linked.len(),
        site::summary::HEADLINES.len() + summary.comparisons().len()
    );
    for (what, element, section_id) in linked {
        let section = summary
            .sections
            .iter()
            .find(|s| s.id == section_id)
            .unwrap();
        let book: Vec<&str> = element
            .select(&selector("a.figure-link, a.book-link"))
            .filter_map(|a| a.value().attr("href"))
            .collect();
        assert_eq!(
            book.len(),
            1,
            "{what} has no one link to the book: {book:?}"
        );
        assert!(
            book[0].starts_with(site::deep_links::PERFORMANCE),
            "{what} links to {}, not the performance chapter",
            book[0]
        );
        assert_eq!(
            target_text(&built.dist, book[0]).as_deref().map(str::trim),
            Some(section.title.as_str()),
            "{what} links to {}, which is not the section \"{}\"",
            book[0],
            section.title
        );
        let api: Vec<(String, &str)> = element
            .select(&selector("a.api-link"))
            .map(|a| (a.text().collect(), a.value().attr("href").unwrap()))
            .collect();
        assert!(!api.is_empty(), "{what} links to no API item");
        for (name, href) in api {
            let method = name.rsplit("::").next().unwrap();
            let text = target_text(&built.dist, href)
                .unwrap_or_else(|| panic!("{what}: the API link {href} reaches nothing"));
            assert!(
                text.contains(method),
                "{what}: the API link for {name} reaches {href}, about {text:?}"
            );
        }
    }
}

#[test]
fn the_landing_pages_install_line_names_the_package_crates_io_has() {
    // crates.io's `workerpool` is an unrelated crate: the line must name our package.
    let built = common::built_site();
    let figures = site::figures::Figures::load(&common::test_layout("shared")).unwrap();
    assert_eq!(figures.package, "typed-workerpool");
    let page = scraper::Html::parse_document(
        &std::fs::read_to_string(built.dist.join("index.html")).unwrap(),
    );
    let selector = scraper::Selector::parse(".install code").unwrap();
    let shown: Vec<String> = page
        .select(&selector)
        .map(|e| e.text().collect::<String>())
        .collect();
    assert_eq!(
        shown,
        [format!(
            "{} = \"{}\"",
            figures.package,
            figures.requirement()
        )]
    );
}
