//! `compare`'s output: a Markdown report for a pull-request comment, or JSON for tools.

use std::fmt::Write as _;

use crate::compare::{Change, Comparison, Verdict};
use crate::format;

/// The JSON document: [`Comparison`] as is, with `"version": 1`:
///
/// ```jsonc
/// { "version": 1, "old": "main", "new": "my-change",
///   "test": "Mann–Whitney U on …", "alpha": 0.01, "threshold_pct": 2.0,
///   "benchmarks": [ { "id": "spin/100 rounds", "group": "spin", "old_ns": 58.1, "new_ns": 151.7,
///                     "old_spread_pct": 6.0, "new_spread_pct": 2.1, "change_pct": 161.1,
///                     "p_value": 1e-11, "samples": [30, 30],   // old, new
///                     "verdict": "slower" } ],                 // or "faster", "no clear difference"
///   "groups": [ { "group": "spin", "benchmarks": 3, "change_pct": 121.3 } ],  // geometric means
///   "only_in_old": [], "only_in_new": [],
///   "fail_on_regression_pct": 5.0,                             // or null
///   "regressions": ["spin/100 rounds"] }                       // slower beyond it
/// ```
pub fn json(comparison: &Comparison) -> String {
    #[derive(serde::Serialize)]
    struct Document<'a> {
        version: u32,
        #[serde(flatten)]
        comparison: &'a Comparison,
    }
    let document = Document {
        version: 1,
        comparison,
    };
    serde_json::to_string_pretty(&document).expect("plain data serializes") + "\n"
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
    let _ = writeln!(
        out,
        "{} benchmarks: {faster} faster, {slower} slower, {same} with no clear difference ({}: a change counts at p < {} and {}% or more).\n",
        comparison.benchmarks.len(),
        comparison.test,
        comparison.alpha,
        comparison.threshold_pct
    );
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
                "| {} | {} {} | {} {} | {} | {} |",
                cell(&change.id),
                format::time(change.old_ns),
                format::spread(change.old_spread_pct),
                format::time(change.new_ns),
                format::spread(change.new_spread_pct),
                percent(change.change_pct),
                verdict(change)
            );
        }
        let _ = writeln!(
            out,
            "| geometric mean of {} | | | {} | |\n",
            group.benchmarks,
            percent(group.change_pct)
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
