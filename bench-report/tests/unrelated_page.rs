//! A page for a made-up JSON library: three sections, microsecond figures, a scenario with no
//! baseline. bench-report must render it knowing nothing of the library it was written for.

mod common;

use bench_report::RunPolicy;
use bench_report::markdown::GENERATED_MARK;
use serde_json::Value;

#[test]
fn the_page_the_charts_and_the_summary_are_generated() {
    let project = common::Project::made_up();
    let outcome = bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    assert!(!outcome.ran_benchmarks);
    for file in [
        "book/perf.md",
        "book/perf/parse.svg",
        "book/perf/serialize.svg",
        "book/perf/validate.svg",
        "book/perf/summary.json",
    ] {
        assert!(
            outcome.written.contains(&project.path(file)),
            "{file} not written"
        );
    }
    // The fixture came from criterion alone, without bench-report's record of the machine.
    assert!(
        outcome
            .report
            .warnings
            .iter()
            .all(|w| w.contains("no environment.json")),
        "{:?}",
        outcome.report.warnings
    );

    let page = project.read("book/perf.md");
    assert!(page.starts_with(GENERATED_MARK));
    assert!(page.contains("# tinyjson performance"));
    for heading in [
        "## Parsing",
        "## Serializing",
        "## Validating",
        "## Measured on",
    ] {
        assert!(page.contains(heading), "no {heading}");
    }
    assert!(page.contains("<img src=\"perf/parse.svg\""));
    let parse_row = page
        .lines()
        .find(|l| l.starts_with("| 1 KiB document |"))
        .unwrap();
    assert!(parse_row.contains(" µs ± "), "{parse_row}");
    assert!(
        parse_row.contains("14 allocs") && parse_row.contains("3 allocs"),
        "{parse_row}"
    );
    assert!(parse_row.contains("× faster**"), "{parse_row}");
    assert!(page.contains("| Geometric mean |"));
    // "validate" has no 1.x result: not measured, no comparison.
    let validate_row = page.lines().find(|l| l.starts_with("| schema |")).unwrap();
    assert!(
        validate_row.contains("| n/a |") && validate_row.ends_with("| — |"),
        "{validate_row}"
    );
    assert!(page.contains("1.x has no validator."));
}

#[test]
fn the_summary_follows_the_schema() {
    let project = common::Project::made_up();
    bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    let summary: Value = serde_json::from_str(&project.read("book/perf/summary.json")).unwrap();
    assert_eq!(summary["schema"], 1);
    assert_eq!(summary["environment"]["statistic"], "mean");
    assert_eq!(summary["environment"]["samples"], 100);

    let speedup = &summary["headlines"]["parse_speedup"];
    assert!(speedup["value"].as_f64().unwrap() > 1.0);
    assert!(speedup["display"].as_str().unwrap().ends_with('×'));
    assert_eq!(speedup["label"], "faster parsing than 1.x");
    assert!(
        summary["headlines"]["validate_time"]["display"]
            .as_str()
            .unwrap()
            .ends_with(" µs")
    );
    assert_eq!(summary["headlines"]["parse_allocs"]["display"], "41");
    assert_eq!(summary["headlines"]["parse_allocs"]["value"], 41.0);

    let sections = summary["sections"].as_array().unwrap();
    let ids: Vec<&str> = sections.iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["parse", "serialize", "validate"]);
    let parse = &sections[0];
    assert_eq!(parse["chart"], "parse.svg");
    assert_eq!(
        parse["series"],
        serde_json::json!(["tinyjson 1.x", "tinyjson 2.x"])
    );
    assert_eq!(parse["baseline"], "tinyjson 1.x");
    let row = &parse["rows"][0];
    assert_eq!(row["scenario"], "1 KiB document");
    let old = &row["cells"][0];
    let new = &row["cells"][1];
    assert!(old["time_ns"].as_f64().unwrap() > new["time_ns"].as_f64().unwrap());
    assert!(new["display"].as_str().unwrap().ends_with(" µs"));
    assert_eq!(new["allocs"], 3.0);
    assert_eq!(new["allocs_display"], "3 allocs");
    assert!(new["spread"].as_str().unwrap().starts_with("± "));
    let ci = new["ci_ns"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() <= new["time_ns"].as_f64().unwrap());
    assert_eq!(row["speedup"]["holds"], true);
    assert_eq!(row["speedup"]["against"], "tinyjson 1.x");
    let ratio = row["speedup"]["ratio"].as_f64().unwrap();
    let expected = old["time_ns"].as_f64().unwrap() / new["time_ns"].as_f64().unwrap();
    assert!((ratio - expected).abs() < 1e-9);
    assert!(parse["geomean"]["ratio"].as_f64().unwrap() > 1.0);

    let serialize_row = &sections[1]["rows"][0];
    assert_eq!(serialize_row["cells"][1]["peak_bytes"], 4096);
    assert_eq!(serialize_row["cells"][1]["peak_display"], "4.0 KiB");

    let validate = &sections[2]["rows"][0];
    assert!(validate["cells"][0].is_null());
    assert!(validate["speedup"].is_null());
    assert!(sections[2]["geomean"].is_null());
}

#[test]
fn nothing_in_bench_report_names_the_library_it_was_written_for() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for entry in std::fs::read_dir(src).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap().to_lowercase();
        for word in ["workerpool", "worker", "delegate", "v2", "v3"] {
            assert!(!text.contains(word), "{} mentions {word}", path.display());
        }
    }
}

#[test]
fn a_second_run_leaves_unchanged_files_alone() {
    let project = common::Project::made_up();
    bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    let again = bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    assert!(again.written.is_empty(), "rewrote {:?}", again.written);
    assert_eq!(again.generated.len(), 5);
}
