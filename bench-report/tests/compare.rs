//! `bench-report compare` on real criterion output: runs of the same code come out the same, a
//! deliberate 2× slowdown is flagged, and the regression gate fails CI.
//!
//! The data (`tests/fixtures/compare-0.8.2`) is what `benches/compare_fixture.rs` wrote, run four
//! times on the same code (baselines a1 to a4) and once twice as slow (slow2x).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use bench_report::compare::{CompareOptions, Comparison, Run, Verdict};
use serde_json::Value;

const SAME_CODE: [&str; 4] = ["a1", "a2", "a3", "a4"];

fn data() -> PathBuf {
    common::fixtures().join("compare-0.8.2")
}

fn compare(old: &str, new: &str) -> Comparison {
    Comparison::run(&options(old, new)).unwrap()
}

fn options(old: &str, new: &str) -> CompareOptions {
    CompareOptions {
        old: Run::Baseline(old.to_owned()),
        new: Run::Baseline(new.to_owned()),
        criterion_dir: data(),
        alpha: bench_report::compare::DEFAULT_ALPHA,
        threshold_pct: bench_report::compare::DEFAULT_THRESHOLD_PCT,
        fail_on_regression: None,
    }
}

fn methodology() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../book/src/methodology.md"),
    )
    .unwrap()
}

/// The A/A check: every pair of runs of the same code at `threshold_pct`. Returns (false alarms,
/// comparisons).
fn a_a_check(threshold_pct: f64) -> (usize, usize) {
    let mut alarms = 0;
    let mut comparisons = 0;
    for (i, old) in SAME_CODE.iter().enumerate() {
        for new in &SAME_CODE[i + 1..] {
            let comparison = Comparison::run(&CompareOptions {
                threshold_pct,
                ..options(old, new)
            })
            .unwrap();
            assert_eq!(comparison.benchmarks.len(), 8, "{old} against {new}");
            let (faster, slower, _) = comparison.counts();
            alarms += faster + slower;
            comparisons += comparison.benchmarks.len();
        }
    }
    (alarms, comparisons)
}

#[test]
fn above_the_machines_drift_runs_of_the_same_code_show_no_clear_difference() {
    // Back-to-back runs of the same code on the machine that made the data differed by up to 8%:
    // a threshold above that leaves at most one false alarm, yet still flags twice the work.
    let (alarms, comparisons) = a_a_check(20.0);
    assert_eq!(comparisons, 48);
    assert!(alarms <= 1, "{alarms} false alarms in {comparisons}");
    let slow = Comparison::run(&CompareOptions {
        threshold_pct: 20.0,
        ..options("a1", "slow2x")
    })
    .unwrap();
    assert_eq!(slow.counts(), (0, 8, 0));
}

#[test]
fn the_docs_state_the_a_a_checks_false_alarms() {
    let docs = methodology()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let (alarms, comparisons) = a_a_check(bench_report::compare::DEFAULT_THRESHOLD_PCT);
    let claim = format!("gave {alarms} false alarms in {comparisons} comparisons");
    assert!(docs.contains(&claim), "methodology.md must say \"{claim}\"");
    let (alarms, _) = a_a_check(20.0);
    let claim = format!("with `--threshold 20`, above that drift, it gave {alarms},");
    assert!(docs.contains(&claim), "methodology.md must say \"{claim}\"");
}

#[test]
fn a_2x_slowdown_is_flagged_everywhere() {
    let comparison = compare("a1", "slow2x");
    assert_eq!(comparison.benchmarks.len(), 8);
    for change in &comparison.benchmarks {
        assert_eq!(change.verdict, Verdict::Slower, "{change:?}");
        assert!(change.p_value < 0.01, "{change:?}");
        assert!(
            (50.0..250.0).contains(&change.change_pct),
            "twice the work is not about +100%: {change:?}"
        );
    }
    assert_eq!(
        comparison
            .groups
            .iter()
            .map(|g| (g.group.as_str(), g.benchmarks))
            .collect::<Vec<_>>(),
        [("hash", 2), ("mix", 3), ("spin", 3)]
    );
    for group in &comparison.groups {
        assert!((60.0..200.0).contains(&group.change_pct), "{group:?}");
    }
    // And the other way round it is faster.
    let back = compare("slow2x", "a1");
    assert!(back.benchmarks.iter().all(|c| c.verdict == Verdict::Faster));
}

#[test]
fn the_geometric_mean_is_of_the_ratios() {
    let comparison = compare("a1", "slow2x");
    for group in &comparison.groups {
        let ratios: Vec<f64> = comparison
            .benchmarks
            .iter()
            .filter(|c| c.group == group.group)
            .map(|c| c.new_ns / c.old_ns)
            .collect();
        let product: f64 = ratios.iter().product();
        let expected = 100.0 * (product.powf(1.0 / ratios.len() as f64) - 1.0);
        assert!((group.change_pct - expected).abs() < 1e-9, "{group:?}");
    }
}

#[test]
fn the_gate_fails_on_a_significant_regression_above_the_threshold_only() {
    let mut gate = options("a1", "slow2x");
    gate.fail_on_regression = Some(20.0);
    assert_eq!(Comparison::run(&gate).unwrap().regressions.len(), 8);
    gate.fail_on_regression = Some(500.0);
    assert!(Comparison::run(&gate).unwrap().regressions.is_empty());
    // A faster run never trips it, however large the change.
    let mut faster = options("slow2x", "a1");
    faster.fail_on_regression = Some(0.0);
    assert!(Comparison::run(&faster).unwrap().regressions.is_empty());
}

#[test]
fn two_result_directories_compare_as_their_latest_runs() {
    let scratch = tempfile::tempdir().unwrap();
    for (baseline, dir) in [("a1", "before"), ("slow2x", "after")] {
        for benchmark in ["spin/100 rounds", "hash/large"] {
            common::copy_dir(
                &data().join(benchmark).join(baseline),
                &scratch.path().join(dir).join(benchmark).join("new"),
            );
        }
    }
    let from_dirs = Comparison::run(&CompareOptions {
        old: Run::parse(&scratch.path().join("before").to_string_lossy()),
        new: Run::parse(&scratch.path().join("after").to_string_lossy()),
        ..options("a1", "slow2x")
    })
    .unwrap();
    let from_baselines = compare("a1", "slow2x");
    assert_eq!(from_dirs.benchmarks.len(), 2);
    for change in &from_dirs.benchmarks {
        let same = from_baselines
            .benchmarks
            .iter()
            .find(|c| c.id == change.id)
            .unwrap();
        assert_eq!(change.old_ns, same.old_ns);
        assert_eq!(change.new_ns, same.new_ns);
        assert_eq!(change.p_value, same.p_value);
    }
}

#[test]
fn benchmarks_in_one_run_only_are_listed_not_compared() {
    let scratch = tempfile::tempdir().unwrap();
    common::copy_dir(&data(), scratch.path());
    std::fs::remove_dir_all(scratch.path().join("mix/a/slow2x")).unwrap();
    let comparison = Comparison::run(&CompareOptions {
        criterion_dir: scratch.path().to_owned(),
        ..options("a1", "slow2x")
    })
    .unwrap();
    assert_eq!(comparison.benchmarks.len(), 7);
    assert_eq!(comparison.only_in_old, ["mix/a"]);
    assert!(comparison.only_in_new.is_empty());
    let markdown = bench_report::compare_output::markdown(&comparison);
    assert!(markdown.contains("Only in `a1`: `mix/a`."), "{markdown}");
}

#[test]
fn an_unknown_run_is_an_error_listing_the_runs_there() {
    let error = Comparison::run(&options("a1", "mian"))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("`mian` is neither a directory of criterion results nor a baseline")
            && error.contains("a1, a2, a3, a4, slow2x")
            && error.contains("--save-baseline"),
        "{error}"
    );
}

#[test]
fn impossible_thresholds_are_refused() {
    for (alpha, gate) in [
        (0.0, None),
        (1.0, None),
        (f64::NAN, None),
        (0.01, Some(-5.0)),
    ] {
        let error = Comparison::run(&CompareOptions {
            alpha,
            fail_on_regression: gate,
            ..options("a1", "a2")
        })
        .unwrap_err()
        .to_string();
        assert!(
            error.contains("--alpha") || error.contains("--fail-on-regression"),
            "{error}"
        );
    }
}

fn bench_report(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_bench-report"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_command_prints_markdown_and_exits_non_zero_on_a_regression() {
    let dir = data();
    let dir = dir.to_str().unwrap();
    let gate = bench_report(&[
        "compare",
        "a1",
        "slow2x",
        "--criterion-dir",
        dir,
        "--fail-on-regression",
        "10",
    ]);
    assert_eq!(gate.status.code(), Some(1));
    let markdown = String::from_utf8(gate.stdout).unwrap();
    assert!(
        markdown.starts_with("## Benchmarks: `slow2x` against `a1`\n"),
        "{markdown}"
    );
    assert!(markdown.contains("| Benchmark | a1 | slow2x | Change | Verdict |"));
    assert!(markdown.contains("| spin/100 rounds | "));
    assert!(markdown.contains("| **slower** (p "), "{markdown}");
    assert!(markdown.contains("| geometric mean of 3 | | | +"));
    assert!(markdown.contains("**Slower by more than 10% with significance:**"));
    let stderr = String::from_utf8(gate.stderr).unwrap();
    assert!(stderr.contains("8 slower by more than 10%"), "{stderr}");

    let fine = bench_report(&["compare", "a1", "slow2x", "--criterion-dir", dir]);
    assert_eq!(fine.status.code(), Some(0));
}

#[test]
fn the_command_prints_json() {
    let dir = data();
    let output = bench_report(&[
        "compare",
        "a1",
        "slow2x",
        "--criterion-dir",
        dir.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(output.status.success());
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["version"], 1);
    assert_eq!(json["old"], "a1");
    assert_eq!(json["new"], "slow2x");
    assert_eq!(json["alpha"], 0.01);
    let benchmarks = json["benchmarks"].as_array().unwrap();
    assert_eq!(benchmarks.len(), 8);
    let first = &benchmarks[0];
    assert_eq!(first["id"], "hash/large");
    assert_eq!(first["group"], "hash");
    assert_eq!(first["verdict"], "slower");
    assert!(first["p_value"].as_f64().unwrap() < 0.01);
    assert!(first["new_ns"].as_f64().unwrap() > first["old_ns"].as_f64().unwrap());
    assert_eq!(json["groups"].as_array().unwrap().len(), 3);
    let same: Value = serde_json::from_slice(
        &bench_report(&[
            "compare",
            "a1",
            "a1",
            "--criterion-dir",
            dir.to_str().unwrap(),
            "--format",
            "json",
        ])
        .stdout,
    )
    .unwrap();
    assert!(
        same["benchmarks"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["verdict"] == "no clear difference")
    );
}

/// The console block in methodology.md that starts with `$ <command>`, without that line.
fn documented_output(docs: &str, command: &str) -> String {
    let start = docs
        .find(&format!("```console\n$ {command}\n"))
        .unwrap_or_else(|| panic!("methodology.md shows no `$ {command}` block"));
    let body = &docs[start..];
    let body = &body[body.find('\n').unwrap() + 1..];
    let body = &body[body.find('\n').unwrap() + 1..];
    body[..body.find("```").unwrap()].to_owned()
}

#[test]
fn help_matches_the_docs() {
    let docs = methodology();
    for args in [&["--help"][..], &["compare", "--help"]] {
        let output = bench_report(args);
        assert!(output.status.success());
        let help = String::from_utf8(output.stdout).unwrap();
        let command = format!("bench-report {}", args.join(" "));
        // Blank lines inside clap's help carry indentation that the docs need not keep.
        let trimmed = |text: &str| -> String {
            text.lines()
                .map(|l| format!("{}\n", l.trim_end()))
                .collect()
        };
        assert_eq!(
            trimmed(&documented_output(&docs, &command)),
            trimmed(&help),
            "methodology.md's `{command}` differs from the program's"
        );
    }
}

#[test]
fn runs_with_no_benchmark_in_common_are_an_error() {
    let scratch = tempfile::tempdir().unwrap();
    for (benchmark, dir) in [("spin/100 rounds", "one"), ("hash/large", "other")] {
        common::copy_dir(
            &data().join(benchmark).join("a1"),
            &scratch.path().join(dir).join(benchmark).join("new"),
        );
    }
    let error = Comparison::run(&CompareOptions {
        old: Run::parse(&scratch.path().join("one").to_string_lossy()),
        new: Run::parse(&scratch.path().join("other").to_string_lossy()),
        ..options("a1", "a2")
    })
    .unwrap_err()
    .to_string();
    assert!(
        error.contains("have no benchmark in common (1 and 1 benchmarks)"),
        "{error}"
    );
}
