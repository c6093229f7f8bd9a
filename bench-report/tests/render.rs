//! The charts: well-formed, accessible SVG whose text needs no font, with the figures, legend and
//! callouts the report holds.

mod common;

use std::collections::HashSet;

use bench_report::allocations::AllocationCounts;
use bench_report::chart;
use bench_report::criterion::CriterionResults;
use bench_report::environment::Environment;
use bench_report::format;
use bench_report::latency::Latencies;
use bench_report::outlined_text::Typeface;
use bench_report::page::Page;
use bench_report::report::{Cell, Report, SectionReport};

fn report(page_text: &str) -> Report {
    let page = Page::parse(page_text, "page.toml".as_ref()).unwrap();
    let results = CriterionResults::open(&common::criterion_fixture(), "hint").unwrap();
    let allocations =
        AllocationCounts::read(&common::fixtures().join("made-up-allocations"), "hint").unwrap();
    Report::build(
        &page,
        &results,
        &allocations,
        &Latencies::default(),
        Environment::not_recorded(None),
    )
    .unwrap()
}

fn made_up_report() -> Report {
    report(&std::fs::read_to_string(common::fixtures().join("made-up-page.toml")).unwrap())
}

fn section<'a>(report: &'a Report, id: &str) -> &'a SectionReport {
    report.sections.iter().find(|s| s.id == id).unwrap()
}

#[test]
fn a_chart_is_well_formed_accessible_svg() {
    let report = made_up_report();
    let rendered = chart::render(section(&report, "parse"), &Typeface::bundled()).unwrap();
    let document = roxmltree::Document::parse(&rendered.svg).unwrap();
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.attribute("role"), Some("img"));
    let labelled_by: Vec<&str> = root
        .attribute("aria-labelledby")
        .unwrap()
        .split(' ')
        .collect();
    let title = root.children().find(|n| n.has_tag_name("title")).unwrap();
    let desc = root.children().find(|n| n.has_tag_name("desc")).unwrap();
    assert_eq!(
        labelled_by,
        [
            title.attribute("id").unwrap(),
            desc.attribute("id").unwrap()
        ]
    );
    assert_eq!(
        title.text(),
        Some("Time to parse a document, lower is better")
    );
    let desc = desc.text().unwrap();
    assert!(desc.contains("1 KiB document: tinyjson 1.x "), "{desc}");
    assert!(
        desc.contains("tinyjson 2.x is ") && desc.contains("× faster than tinyjson 1.x"),
        "{desc}"
    );
}

#[test]
fn text_is_drawn_as_outlines_of_the_bundled_font() {
    let report = made_up_report();
    let rendered = chart::render(section(&report, "parse"), &Typeface::bundled()).unwrap();
    let document = roxmltree::Document::parse(&rendered.svg).unwrap();
    assert!(document.descendants().all(|n| !n.has_tag_name("text")));
    assert!(!rendered.svg.contains("font-family"));
    let defined: HashSet<&str> = document
        .descendants()
        .filter(|n| n.has_tag_name("path"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    let uses: Vec<&str> = document
        .descendants()
        .filter(|n| n.has_tag_name("use"))
        .map(|n| n.attribute("href").unwrap().trim_start_matches('#'))
        .collect();
    assert!(!uses.is_empty());
    assert!(
        uses.iter().all(|u| defined.contains(u)),
        "a glyph is used but not defined"
    );
    // Glyphs are shared: far fewer definitions than uses.
    assert!(defined.len() * 2 < uses.len());
    // Ids carry the section id, so charts can share one HTML page.
    assert!(defined.iter().all(|id| id.starts_with("br-parse-")));
}

#[test]
fn bars_carry_their_figures_a_legend_and_the_callouts_that_hold() {
    let report = made_up_report();
    let parse = section(&report, "parse");
    let rendered = chart::render(parse, &Typeface::bundled()).unwrap();
    for series in &parse.series {
        assert!(
            rendered.texts.contains(&series.label),
            "no legend entry {}",
            series.label
        );
        assert!(
            rendered
                .svg
                .contains(&format!("fill=\"{}\"", series.colour)),
            "no bar in {}",
            series.colour
        );
    }
    for row in &parse.rows {
        assert!(rendered.texts.contains(&row.label));
        for cell in &row.cells {
            let Cell::Measured(figure) = cell else {
                panic!("all measured")
            };
            let label = format::time(figure.time.point_ns);
            assert!(label.ends_with(" µs"));
            assert!(rendered.texts.contains(&label), "no value label {label}");
        }
        let speedup = row.speedup.unwrap();
        assert!(speedup.holds);
        // The callout names which series is faster, and than which.
        let callout = format!(
            "{} {} than {}",
            parse.series[parse.candidate].label,
            speedup.display(),
            parse.series[speedup.against].label
        );
        assert!(rendered.texts.contains(&callout), "no {callout:?}");
    }
    assert!(
        rendered.texts.iter().any(|t| t == "0 µs"),
        "axis ticks in µs: {:?}",
        rendered.texts
    );
}

#[test]
fn no_callout_where_the_intervals_overlap() {
    // The same benchmark on both sides: identical intervals, so no speed-up may be claimed.
    let report = report(&common::two_series_page("sum/large", "sum/large"));
    let pair = section(&report, "pair");
    let speedup = pair.rows[0].speedup.unwrap();
    assert!(!speedup.holds);
    assert_eq!(speedup.display(), "no clear difference");
    let rendered = chart::render(pair, &Typeface::bundled()).unwrap();
    assert!(
        !rendered
            .texts
            .iter()
            .any(|t| t.contains("faster") || t.contains("slower")),
        "{:?}",
        rendered.texts
    );
    let page = bench_report::markdown::page(&report, "charts", "page.toml");
    assert!(page.contains("| no clear difference |"), "{page}");
}

#[test]
fn a_slower_candidate_is_called_slower() {
    let report = report(&common::two_series_page("top level", "sum/large"));
    let pair = section(&report, "pair");
    let speedup = pair.rows[0].speedup.unwrap();
    assert!(speedup.holds && speedup.ratio < 1.0);
    let rendered = chart::render(pair, &Typeface::bundled()).unwrap();
    assert!(
        rendered
            .texts
            .iter()
            .any(|t| t.ends_with("× slower than A")),
        "{:?}",
        rendered.texts
    );
}

#[test]
fn values_in_nanoseconds_get_ns_labels() {
    let report = report(&common::two_series_page("sum/large", "sum/small/8 items"));
    let rendered = chart::render(section(&report, "pair"), &Typeface::bundled()).unwrap();
    assert!(rendered.texts.iter().any(|t| t == "0 ns"));
    assert!(rendered.texts.iter().filter(|t| t.ends_with(" ns")).count() >= 3);
}

#[test]
fn rendering_is_deterministic() {
    let report = made_up_report();
    let typeface = Typeface::bundled();
    let first = chart::render(section(&report, "serialize"), &typeface).unwrap();
    let second = chart::render(section(&report, "serialize"), &typeface).unwrap();
    assert_eq!(first.svg, second.svg);
}

#[test]
fn a_scenario_measured_for_one_series_only_says_so() {
    let report = made_up_report();
    let validate = section(&report, "validate");
    let rendered = chart::render(validate, &Typeface::bundled()).unwrap();
    assert!(
        rendered
            .texts
            .contains(&"tinyjson 1.x: not measured".to_owned()),
        "{:?}",
        rendered.texts
    );
    assert!(!rendered.texts.iter().any(|t| t.contains("faster")));
}

#[test]
fn no_bar_is_ever_cut_and_one_far_longer_bar_keeps_its_true_figure() {
    let page = common::two_series_page("top level", "sum/small/8 items")
        .replace(
            "{ id = \"b\", label = \"B\" }]",
            "{ id = \"b\", label = \"B\" }, { id = \"c\", label = \"C\" }]",
        )
        .replace(
            "b = \"sum/small/8 items\" }",
            "b = \"sum/small/8 items\", c = \"flat/custom timing\" }",
        );
    let report = report(&page);
    let pair = section(&report, "pair");
    let rendered = chart::render(pair, &Typeface::bundled()).unwrap();
    let Cell::Measured(slow) = &pair.rows[0].cells[2] else {
        panic!("measured")
    };
    // One scenario: one axis, long enough for the longest bar, which is drawn whole.
    assert_eq!(
        chart::Scale::of(pair),
        chart::Scale::Shared {
            max: slow.time.upper_ns
        }
    );
    assert!(rendered.texts.contains(&format::time(slow.time.point_ns)));
    assert!(!rendered.svg.contains("own scale"));
}

#[test]
fn scenarios_orders_of_magnitude_apart_are_each_drawn_to_their_own_scale() {
    // A nanosecond scenario beside a microsecond one: on one axis the first would vanish.
    let page = common::two_series_page("top level", "sum/small/8 items").replace(
        "scenarios = [",
        r#"scenarios = [{ label = "slow", benchmarks = { a = "flat/custom timing", b = "flat/custom timing" } }, "#,
    );
    let report = report(&page);
    let pair = section(&report, "pair");
    let chart::Scale::PerScenario { row_max } = chart::Scale::of(pair) else {
        panic!("one scale per scenario")
    };
    assert_eq!(row_max.len(), 2);
    assert!(row_max[0] > 100.0 * row_max[1], "{row_max:?}");
    let rendered = chart::render(pair, &Typeface::bundled()).unwrap();
    assert!(
        rendered
            .texts
            .contains(&"Time, lower is better (each scenario to its own scale)".to_owned()),
        "{:?}",
        rendered.texts
    );
    // No axis ticks, which could only belong to one of the scales; every figure is labelled.
    assert!(!rendered.texts.iter().any(|t| t == "0 ns" || t == "0 µs"));
    for row in &pair.rows {
        for cell in &row.cells {
            let figure = cell.figure().unwrap();
            assert!(rendered.texts.contains(&format::time(figure.time.point_ns)));
        }
    }
    assert!(chart::describe(pair).contains("Each scenario is drawn to its own scale."));
}

#[test]
fn the_geometric_mean_claims_no_change_its_rows_do_not_support() {
    // One scenario clearly apart, one the same benchmark on both sides: the mean of the ratios may be
    // far from 1, but the rows do not support calling the series faster or slower overall.
    let page = common::two_series_page("top level", "sum/large").replace(
        "scenarios = [",
        r#"scenarios = [{ label = "same", benchmarks = { a = "sum/large", b = "sum/large" } }, "#,
    );
    let report = report(&page);
    let pair = section(&report, "pair");
    assert!(pair.rows[1].speedup.unwrap().holds);
    assert!(!pair.rows[0].speedup.unwrap().holds);
    let geomean = pair.geomean.as_ref().unwrap();
    assert!(!geomean.holds);
    let markdown = bench_report::markdown::page(&report, "charts", "page.toml");
    let row = markdown
        .lines()
        .find(|l| l.starts_with("| Geometric mean |"))
        .unwrap();
    assert!(row.ends_with("| no clear difference |"), "{row}");
}

#[test]
fn tables_and_charts_show_the_rate_beside_the_time() {
    let page = r#"
title = "Copy"
[output]
markdown = "out/page.md"
charts = "out/charts"
[[sections]]
id = "copy"
title = "Copy"
caption = "Time to copy, lower is better"
series = [{ id = "clone", label = "clone" }]
candidate = "clone"
benchmark = "copy/{scenario}"
scenarios = [{ label = "1 KiB" }, { label = "64 KiB" }]
"#;
    let page = Page::parse(page, std::path::Path::new("page.toml")).unwrap();
    let results =
        CriterionResults::open(&common::fixtures().join("throughput-0.8.2"), "hint").unwrap();
    let report = Report::build(
        &page,
        &results,
        &AllocationCounts::read(&common::fixtures().join("made-up-allocations"), "hint").unwrap(),
        &Latencies::default(),
        Environment::not_recorded(None),
    )
    .unwrap();
    let copy = section(&report, "copy");
    let rendered = chart::render(copy, &Typeface::bundled()).unwrap();
    let markdown = bench_report::markdown::page(&report, "charts", "page.toml");
    for row in &copy.rows {
        let time = row.cells[0].figure().unwrap().time;
        let rate = time.throughput.unwrap().rate(time.point_ns);
        assert!(rate.ends_with("iB/s"), "{rate}");
        let label = format!("{} · {rate}", format::time(time.point_ns));
        assert!(rendered.texts.contains(&label), "{:?}", rendered.texts);
        assert!(markdown.contains(&format!("· {rate}")), "{markdown}");
    }
}
