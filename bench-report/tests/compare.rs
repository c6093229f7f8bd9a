//! `bench-report compare` on real criterion output: runs of the same code come out the same, a
//! deliberate 2× slowdown is flagged, and the regression gate fails CI.
//!
//! The data (`tests/fixtures/compare-0.8.2`) is what `benches/compare_fixture.rs` wrote, run four
//! times on the same code (baselines a1 to a4) and once twice as slow (slow2x).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use bench_report::compare::{CompareOptions, Comparison, Run, Side, Verdict};
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
        old: Side::parse(old),
        new: Side::parse(new),
        criterion_dir: data(),
        alpha: bench_report::compare::DEFAULT_ALPHA,
        threshold_pct: bench_report::compare::DEFAULT_THRESHOLD_PCT,
        fail_on_regression: None,
        fail_on_missing: false,
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
    let noise = bench_report::noise::Noise::measure(&bench_report::noise::NoiseOptions {
        runs: SAME_CODE
            .iter()
            .map(|r| Run::Baseline((*r).to_owned()))
            .collect(),
        criterion_dir: data(),
        alpha: bench_report::compare::DEFAULT_ALPHA,
        threshold_pct: bench_report::compare::DEFAULT_THRESHOLD_PCT,
    })
    .unwrap();
    let widest = noise
        .benchmarks
        .iter()
        .find(|d| d.largest_pct == noise.largest_pct)
        .unwrap();
    let claim = format!(
        "it finds {:.1}% (`{}`, between {} and {}) and suggests `--threshold {}`",
        noise.largest_pct,
        widest.id,
        widest.between.0,
        widest.between.1,
        noise.suggested_threshold_pct
    );
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
            .map(|c| c.new.ns / c.old.ns)
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
    faster.threshold_pct = 0.0;
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
        old: Side::one(Run::parse(&scratch.path().join("before").to_string_lossy())),
        new: Side::one(Run::parse(&scratch.path().join("after").to_string_lossy())),
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
        assert_eq!(change.old.ns, same.old.ns);
        assert_eq!(change.new.ns, same.new.ns);
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
            && error.contains("a1, a2, a3, a4, slow2x, slow2x-b")
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
    assert_eq!(json["version"], 2);
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
    assert!(first["new"]["ns"].as_f64().unwrap() > first["old"]["ns"].as_f64().unwrap());
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
    for args in [
        &["--help"][..],
        &["compare", "--help"],
        &["noise", "--help"],
        &["record", "--help"],
    ] {
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
        old: Side::one(Run::parse(&scratch.path().join("one").to_string_lossy())),
        new: Side::one(Run::parse(&scratch.path().join("other").to_string_lossy())),
        ..options("a1", "a2")
    })
    .unwrap_err()
    .to_string();
    assert!(
        error.contains("have no benchmark in common (1 and 1 benchmarks)"),
        "{error}"
    );
}

#[test]
fn several_runs_per_side_pass_on_the_same_code_and_fail_on_twice_the_work() {
    // The gate an author puts in CI: three ways of splitting four runs of the same code pass ...
    for (old, new) in [("a1,a2", "a3,a4"), ("a1,a3", "a2,a4"), ("a1,a4", "a2,a3")] {
        let mut gate = options(old, new);
        gate.fail_on_regression = Some(bench_report::compare::DEFAULT_THRESHOLD_PCT);
        gate.fail_on_missing = true;
        let comparison = Comparison::run(&gate).unwrap();
        assert_eq!(comparison.runs, (2, 2));
        assert!(
            comparison.gate_failures().is_empty(),
            "{old} against {new}: {:?}",
            comparison.gate_failures()
        );
    }
    // ... and twice the work, measured twice, fails it in every benchmark.
    let mut gate = options("a1,a2", "slow2x,slow2x-b");
    gate.fail_on_regression = Some(bench_report::compare::DEFAULT_THRESHOLD_PCT);
    let comparison = Comparison::run(&gate).unwrap();
    assert_eq!(comparison.regressions.len(), 8, "{comparison:?}");
    assert!(
        comparison
            .benchmarks
            .iter()
            .all(|c| c.runs_apart == Some(true))
    );
}

#[test]
fn a_combined_side_shows_its_runs_and_their_drift() {
    let comparison = compare("a1,a2,a3", "a4");
    assert_eq!(comparison.runs, (3, 1));
    assert_eq!(comparison.old, "a1,a2,a3");
    let single = |run: &str, id: &str| {
        compare(run, run)
            .benchmarks
            .into_iter()
            .find(|c| c.id == id)
            .unwrap()
            .old
            .ns
    };
    for change in &comparison.benchmarks {
        let runs: Vec<f64> = ["a1", "a2", "a3"]
            .iter()
            .map(|run| single(run, &change.id))
            .collect();
        assert_eq!(change.old.runs_ns, runs, "{}", change.id);
        let mut sorted = runs.clone();
        sorted.sort_by(f64::total_cmp);
        assert_eq!(change.old.ns, sorted[1], "the median of three runs");
        assert_eq!(change.old.interval_ns, (sorted[0], sorted[2]));
        assert_eq!(change.old.samples, 90);
        assert_eq!(change.runs_apart, None, "one run on the new side");
    }
}

#[test]
fn a_gate_below_the_threshold_in_force_is_an_error_not_a_silent_cap() {
    let mut gate = options("a1", "a2");
    gate.fail_on_regression = Some(5.0);
    let error = Comparison::run(&gate).unwrap_err().to_string();
    assert!(
        error.contains("--fail-on-regression 5 is below the threshold in force (10%)")
            && error.contains("--threshold 5"),
        "{error}"
    );
    gate.threshold_pct = 5.0;
    assert!(Comparison::run(&gate).is_ok());
}

#[test]
fn benchmarks_that_disappeared_fail_the_gate_when_asked() {
    let scratch = tempfile::tempdir().unwrap();
    common::copy_dir(&data(), scratch.path());
    std::fs::remove_dir_all(scratch.path().join("mix/a/a2")).unwrap();
    let mut gate = CompareOptions {
        criterion_dir: scratch.path().to_owned(),
        ..options("a1", "a2")
    };
    assert!(Comparison::run(&gate).unwrap().gate_failures().is_empty());
    gate.fail_on_missing = true;
    let failures = Comparison::run(&gate).unwrap().gate_failures();
    assert_eq!(
        failures,
        ["1 benchmarks of `a1` are missing from `a2` (--fail-on-missing): mix/a"]
    );
}

#[test]
fn results_come_in_the_order_criterion_ran_them() {
    let scratch = tempfile::tempdir().unwrap();
    common::copy_dir(&data(), scratch.path());
    let ran = [
        "spin/10000 rounds",
        "mix/b",
        "hash/small",
        "spin/100 rounds",
        "mix/a",
        "hash/large",
        "mix/c",
        "spin/1000 rounds",
    ];
    let start = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_800_000_000);
    for (i, id) in ran.iter().enumerate() {
        let file = scratch.path().join(id).join("a1/benchmark.json");
        std::fs::File::options()
            .write(true)
            .open(&file)
            .unwrap()
            .set_modified(start + std::time::Duration::from_secs(i as u64))
            .unwrap();
    }
    let comparison = Comparison::run(&CompareOptions {
        criterion_dir: scratch.path().to_owned(),
        ..options("a1", "a2")
    })
    .unwrap();
    let ids: Vec<&str> = comparison
        .benchmarks
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(ids, ran);
    let groups: Vec<&str> = comparison.groups.iter().map(|g| g.group.as_str()).collect();
    assert_eq!(
        groups,
        ["spin", "mix", "hash"],
        "groups in order of their first benchmark"
    );
}

#[test]
fn a_group_mean_claims_a_change_only_when_its_rows_do() {
    let scratch = tempfile::tempdir().unwrap();
    common::copy_dir(&data(), scratch.path());
    // One benchmark of "mix" twice as slow, the other two the same code.
    for id in ["mix/b", "mix/c"] {
        let dir = scratch.path().join(id);
        std::fs::remove_dir_all(dir.join("slow2x")).unwrap();
        common::copy_dir(&dir.join("a2"), &dir.join("slow2x"));
    }
    let comparison = Comparison::run(&CompareOptions {
        criterion_dir: scratch.path().to_owned(),
        ..options("a1", "slow2x")
    })
    .unwrap();
    let mix = comparison.groups.iter().find(|g| g.group == "mix").unwrap();
    assert!(mix.change_pct > 10.0, "{mix:?}");
    assert_eq!(mix.verdict, Verdict::NoClearDifference, "{mix:?}");
    let spin = comparison
        .groups
        .iter()
        .find(|g| g.group == "spin")
        .unwrap();
    assert_eq!(spin.verdict, Verdict::Slower);
    let markdown = bench_report::compare_output::markdown(&comparison);
    assert!(
        markdown.contains("| geometric mean of 3 | | | +")
            && markdown.contains("| no clear difference |\n"),
        "{markdown}"
    );
}

#[test]
fn noise_measures_the_drift_and_suggests_a_threshold_that_silences_it() {
    let runs: Vec<Run> = SAME_CODE
        .iter()
        .map(|r| Run::Baseline((*r).to_owned()))
        .collect();
    let noise = bench_report::noise::Noise::measure(&bench_report::noise::NoiseOptions {
        runs: runs.clone(),
        criterion_dir: data(),
        alpha: bench_report::compare::DEFAULT_ALPHA,
        threshold_pct: 2.0,
    })
    .unwrap();
    assert_eq!(noise.comparisons, 48);
    assert_eq!(noise.false_alarms, a_a_check(2.0).0);
    assert_eq!(noise.benchmarks.len(), 8);
    assert!(noise.suggested_threshold_pct > noise.largest_pct);
    assert_eq!(a_a_check(noise.suggested_threshold_pct).0, 0);
    // The largest drift is the largest change between any two of the runs.
    let mut largest: f64 = 0.0;
    for (i, old) in SAME_CODE.iter().enumerate() {
        for new in &SAME_CODE[i + 1..] {
            for change in compare(old, new).benchmarks {
                largest = largest.max(change.change_pct.abs());
            }
        }
    }
    assert_eq!(noise.largest_pct, largest);
}

#[test]
fn a_missing_criterion_directory_says_so() {
    let error = Comparison::run(&CompareOptions {
        criterion_dir: data().join("no-such-dir"),
        ..options("a1", "a2")
    })
    .unwrap_err()
    .to_string();
    assert!(error.contains("the directory does not exist"), "{error}");
}

#[test]
fn compare_shows_the_rate_where_criterion_recorded_a_throughput() {
    let dir = common::fixtures().join("throughput-0.8.2");
    let side = || Side::one(Run::Directory(dir.clone()));
    let comparison = Comparison::run(&CompareOptions {
        old: side(),
        new: side(),
        ..options("a1", "a2")
    })
    .unwrap();
    let copy = comparison
        .benchmarks
        .iter()
        .find(|c| c.id == "copy/64 KiB")
        .unwrap();
    let rate = copy.new.rate.clone().unwrap();
    assert!(rate.ends_with("iB/s"), "{rate}");
    let markdown = bench_report::compare_output::markdown(&comparison);
    assert!(markdown.contains(&format!("· {rate} |")), "{markdown}");
    let sum = comparison
        .benchmarks
        .iter()
        .find(|c| c.id == "sum/1000 values")
        .unwrap();
    assert!(sum.old.rate.as_ref().unwrap().ends_with("elements/s"));
}
