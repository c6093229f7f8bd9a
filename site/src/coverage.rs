//! The test coverage figure: read from the summary the coverage command writes and commits.

use crate::Layout;
use crate::data_file::DataFile;
use anyhow::{Result, ensure};
use serde::Deserialize;

/// The command that writes the coverage summary, for error messages.
pub const COVERAGE_COMMAND: &str = ".ci/coverage";

/// The coverage summary (`coverage/workerpool.json`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Coverage {
    /// The tool that measured it, such as `cargo-tarpaulin 0.31`.
    pub tool: String,
    /// Lines run by the tests, in percent of all lines.
    pub line_coverage_percent: f64,
    /// Lines the tests ran.
    pub lines_covered: u64,
    /// Lines that could be run.
    pub lines_total: u64,
    /// The day it was measured, `YYYY-MM-DD`.
    pub measured_on: String,
}

impl Coverage {
    /// Reads the coverage summary named by `layout.coverage`.
    pub fn load(layout: &Layout) -> Result<Coverage> {
        DataFile {
            path: &layout.coverage,
            used_for: "the landing page shows the test coverage it holds",
            written_by: &format!("`{COVERAGE_COMMAND}` (it measures the tests' coverage)"),
        }
        .load(layout, Coverage::validate)
    }

    fn validate(&self) -> Result<()> {
        ensure!(
            (0.0..=100.0).contains(&self.line_coverage_percent),
            "line_coverage_percent is {}, not between 0 and 100",
            self.line_coverage_percent
        );
        ensure!(
            self.lines_covered <= self.lines_total,
            "lines_covered ({}) is more than lines_total ({})",
            self.lines_covered,
            self.lines_total
        );
        if self.lines_total > 0 {
            let measured = 100.0 * self.lines_covered as f64 / self.lines_total as f64;
            ensure!(
                (measured - self.line_coverage_percent).abs() < 0.1,
                "line_coverage_percent ({}) does not match lines_covered / lines_total ({measured:.2})",
                self.line_coverage_percent
            );
        }
        ensure!(!self.tool.trim().is_empty(), "tool is empty");
        Ok(())
    }

    /// The percentage as the page shows it: whole when it is, else to one decimal.
    pub fn percent_text(&self) -> String {
        let rounded = (self.line_coverage_percent * 10.0).round() / 10.0;
        if rounded.fract() == 0.0 {
            format!("{rounded:.0}%")
        } else {
            format!("{rounded:.1}%")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coverage(percent: f64, covered: u64, total: u64) -> Coverage {
        Coverage {
            tool: "cargo-tarpaulin 0.31".into(),
            line_coverage_percent: percent,
            lines_covered: covered,
            lines_total: total,
            measured_on: "2026-12-01".into(),
        }
    }

    #[test]
    fn figures_that_contradict_each_other_are_malformed() {
        assert!(coverage(97.3, 1234, 1268).validate().is_ok());
        assert!(coverage(99.0, 1234, 1268).validate().is_err());
        assert!(coverage(101.0, 10, 10).validate().is_err());
        assert!(coverage(100.0, 11, 10).validate().is_err());
    }

    #[test]
    fn the_percentage_is_shown_to_one_decimal_at_most() {
        assert_eq!(coverage(97.31, 0, 0).percent_text(), "97.3%");
        assert_eq!(coverage(100.0, 0, 0).percent_text(), "100%");
    }
}
