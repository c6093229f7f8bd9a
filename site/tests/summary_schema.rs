//! What bench-report writes, the site reads: bench-report runs on criterion's own result files
//! (its test fixture) and the site loads the `summary.json` it wrote, through the one schema.

mod common;

use bench_report::{Options, RunPolicy};
use site::Layout;
use site::summary::{HEADLINES, Summary};
use std::path::Path;

fn copy_dir(from: &Path, to: &Path) {
    site::copy_tree::copy_tree(from, to, |_| true).unwrap();
}

#[test]
fn the_summary_bench_report_writes_is_the_summary_the_site_reads() {
    let fixtures = common::workspace_root().join("bench-report/tests/fixtures");
    let project = tempfile::tempdir().unwrap();
    copy_dir(
        &fixtures.join("criterion-0.8.2"),
        &project.path().join("criterion"),
    );
    copy_dir(
        &fixtures.join("made-up-allocations"),
        &project.path().join("criterion/allocations"),
    );
    // bench-report's made-up page, its headlines renamed to the ids the landing page leads with.
    let mut page = std::fs::read_to_string(fixtures.join("made-up-page.toml")).unwrap();
    for (theirs, ours) in ["parse_speedup", "validate_time", "parse_allocs"]
        .into_iter()
        .zip(HEADLINES)
    {
        let table = format!("[headlines.{theirs}]");
        assert!(page.contains(&table), "the made-up page has no {table}");
        page = page.replace(&table, &format!("[headlines.{ours}]"));
    }
    std::fs::write(project.path().join("page.toml"), page).unwrap();

    let outcome = bench_report::generate(&Options {
        page: project.path().join("page.toml"),
        criterion_dir: Some(project.path().join("criterion")),
        run: RunPolicy::Never,
    })
    .expect("bench-report writes the made-up page");
    let written = project.path().join("book/perf/summary.json");
    assert!(
        outcome.generated.contains(&written),
        "bench-report wrote no {}: {:?}",
        written.display(),
        outcome.generated
    );

    let layout = Layout {
        summary: written,
        ..common::test_layout("summary-schema")
    };
    let read = Summary::load(&layout).expect("the site reads what bench-report wrote");
    assert_eq!(
        read.data,
        bench_report::summary::Summary::of(&outcome.report),
        "the site read other figures than bench-report wrote"
    );
    assert!(!read.comparisons().is_empty());
}
