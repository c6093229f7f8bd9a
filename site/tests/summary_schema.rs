//! What bench-report writes, the site reads: bench-report runs on criterion's own result files
//! (its test fixture) and the site loads the `summary.json` it wrote, through the one schema.

mod common;

use bench_report::environment::{Environment, Recorded};
use bench_report::{Options, RunPolicy};
use site::Layout;
use site::summary::{HEADLINES, Summary};
use std::path::Path;

fn copy_dir(from: &Path, to: &Path) {
    site::copy_tree::copy_tree(from, to, |_| true).unwrap();
}

/// Facts as a run records them, with a machine name or without.
fn recorded(machine: Option<&str>) -> Recorded {
    Recorded {
        cpu: "Made-up CPU".to_owned(),
        cores: 3,
        os: "Made-up OS, kernel 1".to_owned(),
        rustc: "rustc 1.95.0 (made up)".to_owned(),
        criterion: "0.8.2".to_owned(),
        started_at: "2026-12-01T09:00:00Z".to_owned(),
        commit: Some("0123456789abcdef0123456789abcdef01234567".to_owned()),
        dirty: Some(true),
        machine: machine.map(str::to_owned),
    }
}

#[test]
fn the_summary_bench_report_writes_is_the_summary_the_site_reads() {
    let read = summary_through_both(None, None);
    assert!(!read.comparisons().is_empty());
    assert_eq!(read.environment.machine, Environment::not_recorded(None));
}

#[test]
fn a_machine_named_for_results_without_facts_reads_back_as_named() {
    let read = summary_through_both(None, Some("CI runner"));
    assert_eq!(
        read.environment.machine,
        Environment::not_recorded(Some("CI runner".to_owned()))
    );
}

#[test]
fn recorded_facts_read_back_whole_with_and_without_a_machine_name() {
    for machine in [None, Some("CI runner")] {
        let read = summary_through_both(Some(recorded(machine)), None);
        assert_eq!(
            read.environment.machine.recorded,
            Some(recorded(machine)),
            "machine {machine:?}"
        );
        assert_eq!(read.environment.machine.machine, None);
    }
}

/// Runs bench-report on criterion's own files (with `environment` recorded beside them, if any, and
/// `machine` as `--machine`), loads the summary it wrote as the site does, and checks it is the
/// summary of bench-report's report.
fn summary_through_both(environment: Option<Recorded>, machine: Option<&str>) -> Summary {
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
    std::fs::write(project.path().join("page.toml"), &page).unwrap();
    if let Some(environment) = &environment {
        std::fs::write(
            Environment::path_in(&project.path().join("criterion")),
            environment.to_json(),
        )
        .unwrap();
    }

    let outcome = bench_report::generate(&Options {
        page: project.path().join("page.toml"),
        criterion_dir: Some(project.path().join("criterion")),
        run: RunPolicy::Never,
        machine: machine.map(str::to_owned),
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
    // Each headline names the section the page description takes it from.
    let described: toml::Table = page.parse().unwrap();
    for id in HEADLINES {
        let section = described["headlines"][id]["section"].as_str().unwrap();
        assert_eq!(read.headline_section(id), section, "headline `{id}`");
    }
    read
}
