//! A missing or malformed data file stops the build with an error that names the file and the
//! command that writes it, before anything of the old site is touched.

mod common;

use site::Layout;
use std::fs;

/// A layout whose data files lie in a fresh temporary folder (the book and library are the real ones).
fn layout_with_data(dir: &tempfile::TempDir) -> Layout {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let performance = dir.path().join("performance");
    fs::create_dir_all(&performance).unwrap();
    for entry in fs::read_dir(fixtures.join("performance")).unwrap() {
        let entry = entry.unwrap();
        fs::copy(entry.path(), performance.join(entry.file_name())).unwrap();
    }
    fs::copy(
        fixtures.join("coverage.json"),
        dir.path().join("coverage.json"),
    )
    .unwrap();
    Layout {
        summary: performance.join("summary.json"),
        coverage: dir.path().join("coverage.json"),
        dist: dir.path().join("dist"),
        work_dir: dir.path().join("work"),
        ..common::test_layout("data-files")
    }
}

fn build_error(layout: &Layout) -> String {
    match site::build(layout) {
        Ok(_) => panic!("the build succeeded"),
        Err(error) => format!("{error:#}"),
    }
}

#[test]
fn a_missing_coverage_summary_names_the_file_and_the_command_and_leaves_the_old_site() {
    let dir = tempfile::tempdir().unwrap();
    let layout = layout_with_data(&dir);
    fs::create_dir_all(&layout.dist).unwrap();
    fs::write(layout.dist.join("index.html"), "the old site").unwrap();
    fs::remove_file(&layout.coverage).unwrap();

    let error = build_error(&layout);
    assert!(error.contains("coverage.json is missing"), "{error}");
    assert!(error.contains(site::coverage::COVERAGE_COMMAND), "{error}");
    assert_eq!(
        fs::read_to_string(layout.dist.join("index.html")).unwrap(),
        "the old site"
    );
}

#[test]
fn a_malformed_coverage_summary_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let layout = layout_with_data(&dir);
    fs::write(
        &layout.coverage,
        r#"{"tool": "cargo-tarpaulin 0.31", "line_coverage_percent": "high"}"#,
    )
    .unwrap();
    let error = build_error(&layout);
    assert!(error.contains("coverage.json is malformed"), "{error}");
    assert!(error.contains(site::coverage::COVERAGE_COMMAND), "{error}");
}

#[test]
fn a_missing_benchmark_summary_names_the_file_and_the_command() {
    let dir = tempfile::tempdir().unwrap();
    let layout = layout_with_data(&dir);
    fs::remove_file(&layout.summary).unwrap();
    let error = build_error(&layout);
    assert!(error.contains("summary.json is missing"), "{error}");
    assert!(error.contains(site::summary::SUMMARY_COMMAND), "{error}");
}

#[test]
fn a_benchmark_summary_of_another_schema_or_without_a_headline_is_malformed() {
    let dir = tempfile::tempdir().unwrap();
    let layout = layout_with_data(&dir);
    let text = fs::read_to_string(&layout.summary).unwrap();

    fs::write(
        &layout.summary,
        text.replacen("\"schema\": 1", "\"schema\": 2", 1),
    )
    .unwrap();
    let error = build_error(&layout);
    assert!(
        error.contains("summary.json is malformed") && error.contains("schema is 2"),
        "{error}"
    );

    fs::write(
        &layout.summary,
        text.replacen("\"delegate\": {", "\"renamed\": {", 1),
    )
    .unwrap();
    let error = build_error(&layout);
    assert!(error.contains("no headline `delegate`"), "{error}");
}

#[test]
fn a_chart_the_summary_names_must_be_there() {
    let dir = tempfile::tempdir().unwrap();
    let layout = layout_with_data(&dir);
    fs::remove_file(layout.summary.with_file_name("jobs.svg")).unwrap();
    let error = build_error(&layout);
    assert!(error.contains("jobs.svg, which is missing"), "{error}");
}

#[test]
fn a_headline_without_a_charted_section_is_malformed() {
    let dir = tempfile::tempdir().unwrap();
    let layout = layout_with_data(&dir);
    let text = fs::read_to_string(&layout.summary).unwrap();

    // Written by a bench-report from before headlines named their section.
    let without = text.replacen(",\n      \"section\": \"delegate\"", "", 1);
    assert_ne!(
        without, text,
        "the fixture's `delegate` headline names its section"
    );
    fs::write(&layout.summary, without).unwrap();
    let error = build_error(&layout);
    assert!(
        error.contains("headline `delegate` names no section")
            && error.contains(site::summary::SUMMARY_COMMAND),
        "{error}"
    );

    // `suite` is in the summary but compares nothing with a baseline, so it has no chart.
    fs::write(
        &layout.summary,
        text.replacen("\"section\": \"delegate\"", "\"section\": \"suite\"", 1),
    )
    .unwrap();
    let error = build_error(&layout);
    assert!(
        error.contains("headline `delegate` comes from the section `suite`"),
        "{error}"
    );
}
