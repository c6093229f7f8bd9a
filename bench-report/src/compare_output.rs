//! `compare`'s output: a Markdown report for a pull-request comment, or JSON for tools.

use std::fmt::Write as _;

use crate::compare::{Change, Comparison, GroupMean, SideFigure, Verdict};
use crate::format;
use crate::noise::Noise;

/// The JSON document: [`Comparison`] as is, with `"version": 2`:
///
/// ```jsonc
/// { "version": 2, "old": "main-1,main-2", "new": "pr-1,pr-2", "runs": [2, 2],
///   "environments": [ [ { "run": "main-1", "facts": "AMD EPYC, 2 cores, …, 2026-12-01, commit …",
///                         "stale": null } , … ], [ … ] ],   // old's runs, new's runs
///   "test": "Mann–Whitney U on …", "alpha": 0.01, "threshold_pct": 10.0,
///   "benchmarks": [ { "id": "spin/100 rounds", "group": "spin",
///                     "old": { "ns": 58.1, "interval_ns": [57.0, 59.3],  // one run: criterion's
///                              "runs_ns": [58.1, 58.4], "samples": 60,    // interval; several: the
///                              "rate": null },                  // "266 MiB/s" with a throughput
///                     "new": { … },                                        // runs' lowest and highest
///                     "change_pct": 161.1, "p_value": 1e-11,
///                     "runs_apart": true,                      // null with one run on a side
///                     "verdict": "slower" } ],                 // or "faster", "no clear difference"
///   "groups": [ { "group": "spin", "benchmarks": 3, "change_pct": 121.3,   // geometric means
///                 "verdict": "slower" } ],                     // only when every row says so
///   "only_in_old": [], "only_in_new": [],
///   "fail_on_regression_pct": 10.0,                            // or null
///   "fail_on_missing": false,
///   "regressions": ["spin/100 rounds"] }                       // slower beyond it
/// ```
pub fn json(comparison: &Comparison) -> String {
    versioned(comparison)
}

/// `noise`'s JSON document: [`Noise`] as is, with `"version": 2`.
pub fn noise_json(noise: &Noise) -> String {
    versioned(noise)
}

fn versioned<T: serde::Serialize>(body: &T) -> String {
    #[derive(serde::Serialize)]
    struct Document<'a, T> {
        version: u32,
        #[serde(flatten)]
        body: &'a T,
    }
    let document = Document { version: 2, body };
    serde_json::to_string_pretty(&document).expect("plain data serializes") + "\n"
}

/// `noise`'s report: each benchmark's largest drift between two runs of the same code, the false
/// alarms `compare` would give at the threshold, and the threshold to use here.
pub fn noise_markdown(noise: &Noise) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "## Noise: {} runs of the same code ({})\n",
        noise.runs.len(),
        noise.runs.join(", ")
    );
    let _ = writeln!(
        out,
        "| Benchmark | Largest change between two runs | Runs |"
    );
    let _ = writeln!(out, "| --- | ---: | --- |");
    for drift in &noise.benchmarks {
        let _ = writeln!(
            out,
            "| {} | {:.1}% | {} and {} |",
            cell(&drift.id),
            drift.largest_pct,
            cell(&drift.between.0),
            cell(&drift.between.1)
        );
    }
    let _ = writeln!(
        out,
        "\nAt `--threshold {}`, `compare` called {} of {} comparisons of the same code a change (false alarms). The largest drift was {:.1}%: use `--threshold {}` or more on this machine (a gate `--fail-on-regression` at least that).\n",
        noise.threshold_pct,
        noise.false_alarms,
        noise.comparisons,
        noise.largest_pct,
        noise.suggested_threshold_pct
    );
    out
}

/// The Markdown report: one table per group, each ending with its geometric mean.
pub fn markdown(comparison: &Comparison) -> String {
    let mut out = String::new();
    let (faster, slower, same) = comparison.counts();
    let _ = writeln!(
        out,
        "## Benchmarks: `{}` against `{}`\n",
        comparison.new, comparison.old
    );
    let runs = match comparison.runs {
        (1, 1) => String::new(),
        (old, new) => format!(
            " `{}` combines {old} runs and `{}` {new}: a change also has to set every run of one side apart from every run of the other.",
            comparison.old, comparison.new
        ),
    };
    let _ = writeln!(
        out,
        "{} benchmarks: {faster} faster, {slower} slower, {same} with no clear difference ({}: a change counts at p < {} and {}% or more).{runs}\n",
        comparison.benchmarks.len(),
        comparison.test,
        comparison.alpha,
        comparison.threshold_pct
    );
    let (old_runs, new_runs) = &comparison.environments;
    for run in old_runs.iter().chain(new_runs) {
        let _ = writeln!(out, "- `{}`: {}", run.run, run.facts);
        if let Some(stale) = &run.stale {
            let _ = writeln!(out, "  - **warning:** {stale}");
        }
    }
    out.push('\n');
    for group in &comparison.groups {
        let _ = writeln!(out, "### {}\n", cell(&group.group));
        let _ = writeln!(
            out,
            "| Benchmark | {} | {} | Change | Verdict |",
            cell(&comparison.old),
            cell(&comparison.new)
        );
        let _ = writeln!(out, "| --- | ---: | ---: | ---: | --- |");
        for change in comparison
            .benchmarks
            .iter()
            .filter(|c| c.group == group.group)
        {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} |",
                cell(&change.id),
                figure(&change.old),
                figure(&change.new),
                percent(change.change_pct),
                verdict(change)
            );
        }
        let _ = writeln!(
            out,
            "| geometric mean of {} | | | {} | {} |\n",
            group.benchmarks,
            percent(group.change_pct),
            group_verdict(group)
        );
    }
    for (ids, run) in [
        (&comparison.only_in_old, &comparison.old),
        (&comparison.only_in_new, &comparison.new),
    ] {
        if !ids.is_empty() {
            let list: Vec<String> = ids.iter().map(|id| format!("`{id}`")).collect();
            let _ = writeln!(out, "Only in `{run}`: {}.\n", list.join(", "));
        }
    }
    if comparison.fail_on_missing && !comparison.only_in_old.is_empty() {
        let _ = writeln!(
            out,
            "**Missing from `{}`** (`--fail-on-missing`): {} benchmarks.\n",
            comparison.new,
            comparison.only_in_old.len()
        );
    }
    if let Some(pct) = comparison.fail_on_regression_pct {
        if comparison.regressions.is_empty() {
            let _ = writeln!(
                out,
                "No benchmark is slower by more than {pct}% with significance.\n"
            );
        } else {
            let list: Vec<String> = comparison
                .regressions
                .iter()
                .map(|id| format!("`{id}`"))
                .collect();
            let _ = writeln!(
                out,
                "**Slower by more than {pct}% with significance:** {}.\n",
                list.join(", ")
            );
        }
    }
    out
}

/// "58.1 ns ± 2%": the side's time and its interval as it is.
fn figure(side: &SideFigure) -> String {
    let text = format!(
        "{} {}",
        format::time(side.ns),
        format::interval(side.ns, side.interval_ns)
    );
    match &side.rate {
        Some(rate) => format!("{text} · {rate}"),
        None => text,
    }
}

fn group_verdict(group: &GroupMean) -> String {
    match group.verdict {
        Verdict::NoClearDifference => "no clear difference".to_owned(),
        verdict => format!("**{}** (every row)", verdict.words()),
    }
}

fn verdict(change: &Change) -> String {
    let p = p_value(change.p_value);
    match change.verdict {
        Verdict::NoClearDifference => format!("no clear difference ({p})"),
        verdict => format!("**{}** ({p})", verdict.words()),
    }
}

/// "+4.2%", "-50.0%", "+0.3%".
pub fn percent(pct: f64) -> String {
    format!("{pct:+.1}%")
}

/// "p = 0.0031", "p = 0.42", "p < 0.0001".
pub fn p_value(p: f64) -> String {
    if p < 0.0001 {
        "p < 0.0001".to_owned()
    } else if p < 0.01 {
        format!("p = {p:.4}")
    } else {
        format!("p = {p:.2}")
    }
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p_values_and_changes_read_plainly() {
        assert_eq!(p_value(0.000_01), "p < 0.0001");
        assert_eq!(p_value(0.003_14), "p = 0.0031");
        assert_eq!(p_value(0.42), "p = 0.42");
        assert_eq!(percent(4.24), "+4.2%");
        assert_eq!(percent(-50.0), "-50.0%");
    }
}
