//! Bad input gets an error that names the file and says what to do, and nothing is half-written;
//! a missing result is drawn as missing, with a warning, never a crash.

mod common;

use bench_report::{Error, RunPolicy};

const RUN: &str = r#"
[run]
command = ["cargo", "bench", "-p", "tinyjson"]
"#;

fn made_up_with_run() -> common::Project {
    let page = std::fs::read_to_string(common::fixtures().join("made-up-page.toml")).unwrap();
    common::Project::new(&format!("{page}\n{RUN}"))
}

fn message(error: Error) -> String {
    error.to_string()
}

#[test]
fn a_corrupt_estimates_file_is_named_with_what_to_run() {
    let project = made_up_with_run();
    let file = project.path("criterion/parse/tinyjson 2.x_1 KiB/new/estimates.json");
    std::fs::write(&file, "{\"mean\": ").unwrap();
    let error = bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err();
    assert!(matches!(error, Error::ResultsFile { .. }));
    let text = message(error);
    assert!(text.contains(&file.display().to_string()), "{text}");
    assert!(
        text.contains("bench-report --rerun") && text.contains("cargo bench -p tinyjson"),
        "{text}"
    );
    assert!(!project.path("book").exists(), "nothing may be written");
}

#[test]
fn a_missing_estimates_file_is_named() {
    let project = made_up_with_run();
    let file = project.path("criterion/validate/tinyjson 2.x_schema/new/estimates.json");
    std::fs::remove_file(&file).unwrap();
    let text = message(bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err());
    assert!(text.contains(&file.display().to_string()), "{text}");
}

#[test]
fn an_estimate_outside_its_interval_is_rejected() {
    let project = made_up_with_run();
    let file = project.path("criterion/parse/tinyjson 1.x_1 KiB/new/estimates.json");
    let mut estimates: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    estimates["mean"]["point_estimate"] = serde_json::json!(-1.0);
    std::fs::write(&file, estimates.to_string()).unwrap();
    let text = message(bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err());
    assert!(
        text.contains(&file.display().to_string()) && text.contains("mean"),
        "{text}"
    );
}

#[test]
fn a_corrupt_benchmark_file_is_named() {
    let project = made_up_with_run();
    let file = project.path("criterion/sum/large/new/benchmark.json");
    std::fs::write(&file, "not json").unwrap();
    let text = message(bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err());
    assert!(
        text.contains(&file.display().to_string()) && text.contains("criterion 0.8"),
        "{text}"
    );
}

#[test]
fn a_corrupt_allocation_file_is_named() {
    let project = made_up_with_run();
    let file = project.path("criterion/allocations/tinyjson.json");
    std::fs::write(&file, r#"{"version": 1, "benchmarks": {"x": {"allocs_per_op": -1, "bytes_per_op": 0, "ops": 1}}}"#).unwrap();
    let text = message(bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err());
    assert!(
        text.contains(&file.display().to_string()) && text.contains("`x`"),
        "{text}"
    );
    std::fs::write(&file, r#"{"version": 7, "benchmarks": {}}"#).unwrap();
    let text = message(bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err());
    assert!(text.contains("version is 7"), "{text}");
}

#[test]
fn no_results_and_no_run_is_an_error_saying_what_to_run() {
    let project = made_up_with_run();
    std::fs::remove_dir_all(project.path("criterion")).unwrap();
    let error = bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err();
    let text = message(error);
    assert!(
        text.contains("no criterion results in") && text.contains("bench-report --rerun"),
        "{text}"
    );
}

#[test]
fn no_results_and_a_page_without_a_run_command_says_so() {
    let project = common::Project::made_up();
    std::fs::remove_dir_all(project.path("criterion")).unwrap();
    let text = message(bench_report::generate(&project.options(RunPolicy::IfMissing)).unwrap_err());
    assert!(text.contains("names no [run] command"), "{text}");
}

#[test]
fn without_results_the_run_command_produces_them() {
    let page = std::fs::read_to_string(common::fixtures().join("made-up-page.toml")).unwrap();
    let fixture = common::criterion_fixture();
    // Stands in for `cargo bench`: writes criterion's files where bench-report asked (CRITERION_HOME).
    let run = format!(
        "[run]\ncommand = [\"sh\", \"-c\", \"mkdir -p \\\"$CRITERION_HOME\\\" && cp -R '{}'/. \\\"$CRITERION_HOME\\\"/ && echo 'Benchmarking parse/x: Analyzing'\"]\n",
        fixture.display()
    );
    let project = common::Project::new(&format!("{page}\n{run}"));
    std::fs::remove_dir_all(project.path("criterion")).unwrap();
    let outcome = bench_report::generate(&project.options(RunPolicy::IfMissing)).unwrap();
    assert!(outcome.ran_benchmarks);
    assert!(
        project
            .path("criterion/sum/large/new/estimates.json")
            .is_file()
    );
    assert!(project.path("book/perf/parse.svg").is_file());
    // With results present, it does not run again unless asked.
    let again = bench_report::generate(&project.options(RunPolicy::IfMissing)).unwrap();
    assert!(!again.ran_benchmarks);
    let forced = bench_report::generate(&project.options(RunPolicy::Always)).unwrap();
    assert!(forced.ran_benchmarks);
}

#[test]
fn a_failing_run_is_an_error_naming_the_command() {
    let page = std::fs::read_to_string(common::fixtures().join("made-up-page.toml")).unwrap();
    let project = common::Project::new(&format!(
        "{page}\n[run]\ncommand = [\"sh\", \"-c\", \"exit 3\"]\n"
    ));
    let error = bench_report::generate(&project.options(RunPolicy::Always)).unwrap_err();
    assert!(matches!(error, Error::BenchmarkRun { .. }));
    let text = message(error);
    assert!(
        text.contains("sh -c 'exit 3'") && text.contains("exit status: 3"),
        "{text}"
    );
}

#[test]
fn a_single_missing_cell_is_drawn_as_missing_with_a_warning() {
    // Series `b` is measured in the second scenario, so its first cell is a hole, not a misspelling.
    let page = common::two_series_page("sum/large", "sum/not measured yet").replace(
        "scenarios = [",
        r#"scenarios = [{ label = "other", benchmarks = { a = "sum/small/8 items", b = "sum/large" } }, "#,
    );
    let project = common::Project::new(&page);
    let outcome = bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    let warning = outcome
        .report
        .warnings
        .iter()
        .find(|w| w.contains("sum/not measured yet"))
        .unwrap();
    assert!(warning.contains("drawn as missing"), "{warning}");
    let svg = project.read("out/charts/pair.svg");
    assert!(svg.contains("B no result"), "the description says so");
    let page = project.read("out/page.md");
    assert!(
        page.contains("no result (`sum/not measured yet`)"),
        "{page}"
    );
    let summary: serde_json::Value =
        serde_json::from_str(&project.read("out/charts/summary.json")).unwrap();
    assert!(summary["sections"][0]["rows"][1]["cells"][1].is_null());
    assert!(summary["sections"][0]["rows"][1]["speedup"].is_null());
}

#[test]
fn a_missing_page_description_says_to_pass_one() {
    let dir = tempfile::tempdir().unwrap();
    let options = bench_report::Options {
        page: dir.path().join("nowhere.toml"),
        criterion_dir: None,
        run: RunPolicy::Never,
        machine: None,
    };
    let error = bench_report::generate(&options).unwrap_err();
    let text = message(error);
    assert!(
        text.contains("nowhere.toml") && text.contains("--page"),
        "{text}"
    );
}

fn page_error(page: &str) -> String {
    let project = common::Project::new(page);
    let error = bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err();
    assert!(matches!(error, Error::PageInvalid { .. }), "{error}");
    let text = message(error);
    assert!(text.contains("page.toml"), "{text}");
    text
}

#[test]
fn page_descriptions_are_checked() {
    let good = common::two_series_page("sum/large", "top level");
    let cases = [
        (good.replace("candidate = \"b\"", "candidate = \"c\""), "candidate `c` is not one of its series"),
        (good.replace("baseline = \"a\"", "baseline = \"z\""), "baseline `z` is not one of its series"),
        (good.replace("label = \"B\" }", "label = \"B\", colour = \"blue\" }"), "colour `blue`"),
        (good.replace("title = \"Pair\"", "title = \"Pair\"\ncolor = 1"), "unknown field `color`"),
        (good.replace("id = \"pair\"", "id = \"a/b\""), "section id `a/b`"),
        (good.replace("benchmarks = { a", "series = [\"q\"], benchmarks = { a"), "`q` is not one of the section's series"),
        (format!("{good}\n[headlines.h]\nkind = \"time\"\nsection = \"nope\"\nscenario = \"only\"\nseries = \"a\"\nlabel = \"x\"\n"), "headline `h`: no section has the id `nope`"),
        (format!("{good}\n[headlines.h]\nkind = \"allocations\"\nsection = \"pair\"\nscenario = \"other\"\nseries = \"a\"\nlabel = \"x\"\n"), "no scenario labelled `other`"),
        (format!("{good}{}", good.split("[[sections]]").nth(1).map(|s| format!("[[sections]]{s}")).unwrap()), "two sections have the id `pair`"),
        (good.replace("scenarios = [{ label = \"only\", benchmarks = { a = \"sum/large\", b = \"top level\" } }]", "benchmark = \"{group}/{series}\"\nscenarios = [{ label = \"only\" }]"), "may use only {series} and {scenario}"),
        (good.replace("scenarios = [{ label = \"only\", benchmarks = { a = \"sum/large\", b = \"top level\" } }]", "scenarios = [{ label = \"only\" }]"), "names no benchmark"),
    ];
    for (page, expected) in cases {
        let text = page_error(&page);
        assert!(text.contains(expected), "expected {expected:?} in {text}");
    }
}

#[test]
fn a_misspelt_series_is_an_error_naming_the_nearest_ids() {
    // The parse section's series `2.x` misspelt `2.y` (and its candidate and headline with it).
    let page = std::fs::read_to_string(common::fixtures().join("made-up-page.toml"))
        .unwrap()
        .replacen(
            r#"{ id = "2.x", label = "tinyjson 2.x" }]
candidate = "2.x""#,
            r#"{ id = "2.y", label = "tinyjson 2.x" }]
candidate = "2.y""#,
            1,
        )
        .replacen(
            r#"scenario = "64 KiB document"
series = "2.x""#,
            r#"scenario = "64 KiB document"
series = "2.y""#,
            1,
        );
    let project = common::Project::new(&page);
    let error = bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err();
    let text = message(error);
    assert!(
        text.contains("section `parse`: series `2.y` matches no result (looked for `parse/tinyjson 2.y/1 KiB`, `parse/tinyjson 2.y/64 KiB`)")
            && text.contains("the nearest ids that exist: `parse/tinyjson 2.x/1 KiB`"),
        "{text}"
    );
    assert!(!project.path("book").exists(), "nothing may be written");
}

#[test]
fn a_misspelt_scenario_is_an_error_naming_the_nearest_ids() {
    let page = std::fs::read_to_string(common::fixtures().join("made-up-page.toml"))
        .unwrap()
        .replace(
            r#"{ label = "64 KiB document", key = "64 KiB" }"#,
            r#"{ label = "64 KiB document", key = "64 KB" }"#,
        );
    let project = common::Project::new(&page);
    let text = message(bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err());
    assert!(
        text.contains("section `parse`: scenario `64 KiB document` matches no result")
            && text.contains("`parse/tinyjson 1.x/64 KiB`"),
        "{text}"
    );
}

#[test]
fn a_misspelt_pattern_names_the_nearest_ids_not_only_a_command() {
    let page = std::fs::read_to_string(common::fixtures().join("made-up-page.toml"))
        .unwrap()
        .replace(
            r#"benchmark = "parse/tinyjson {series}/{scenario}""#,
            r#"benchmark = "prase/tinyjson {series}/{scenario}""#,
        );
    let project = common::Project::new(&page);
    let text = message(bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err());
    assert!(
        text.contains("section `parse` has no results for `prase/tinyjson 1.x/1 KiB`")
            && text.contains("the nearest ids that exist are `parse/tinyjson 1.x/1 KiB`"),
        "{text}"
    );
}

#[test]
fn a_criterion_directory_that_does_not_exist_is_named_as_such() {
    let project = made_up_with_run();
    std::fs::remove_dir_all(project.path("criterion")).unwrap();
    let text = message(bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err());
    assert!(text.contains("the directory does not exist"), "{text}");
}
