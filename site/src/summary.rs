//! The benchmark summary that `bench-report` writes and commits (`summary.json`, schema 1): the
//! performance section's charts and tables and three of the headline figures come from it.

use crate::Layout;
use anyhow::{Context, Result, bail, ensure};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The command that writes the benchmark summary, for error messages.
pub const SUMMARY_COMMAND: &str = "cargo run -p bench-report";
/// The schema version this site reads.
pub const SCHEMA: u32 = 1;
/// The headline figures the landing page leads with, by their id in the summary, in page order:
/// the speed-up over v2, the time of `delegate`, the allocations per job.
pub const HEADLINES: [&str; 3] = ["speedup", "delegate", "allocs_per_job"];

/// The parts of `summary.json` the site shows. Fields it does not use are ignored.
#[derive(Debug, Clone, Deserialize)]
pub struct Summary {
    /// The schema version: [`SCHEMA`].
    pub schema: u32,
    /// Where and how the figures were measured.
    pub environment: Environment,
    /// The headline figures, by id.
    pub headlines: BTreeMap<String, Headline>,
    /// The sections (one chart each), in page order.
    pub sections: Vec<Section>,
    /// The folder holding `summary.json`, where the charts lie too.
    #[serde(skip)]
    pub dir: PathBuf,
}

/// Where and how the figures were measured.
#[derive(Debug, Clone, Deserialize)]
pub struct Environment {
    /// All of it in one line.
    pub summary: String,
}

/// One headline figure.
#[derive(Debug, Clone, Deserialize)]
pub struct Headline {
    /// The number; `null` when the benchmark has no result.
    pub value: Option<f64>,
    /// The number as shown, such as `5.6×`.
    pub display: String,
    /// The words shown with it.
    pub label: String,
}

/// One section: a chart and its table.
#[derive(Debug, Clone, Deserialize)]
pub struct Section {
    /// Stable id.
    pub id: String,
    /// The chart's title.
    pub title: String,
    /// What the chart shows, such as "Time per job, lower is better".
    pub caption: String,
    /// The chart's file name, beside `summary.json`.
    pub chart: String,
    /// The series' labels, in legend order.
    pub series: Vec<String>,
    /// The series the speed-ups are about.
    pub candidate: String,
    /// The series it is compared with, if one.
    pub baseline: Option<String>,
    /// One row per scenario.
    pub rows: Vec<Row>,
}

/// One scenario of a section.
#[derive(Debug, Clone, Deserialize)]
pub struct Row {
    /// What it measures, in words.
    pub scenario: String,
    /// One per series, in order; `None` where not measured.
    pub cells: Vec<Option<Cell>>,
    /// How the candidate compares, if known.
    pub speedup: Option<Speedup>,
}

/// One series' result in one scenario.
#[derive(Debug, Clone, Deserialize)]
pub struct Cell {
    /// Time per operation, in nanoseconds.
    pub time_ns: f64,
    /// The time as shown.
    pub display: String,
    /// How far the measurements spread, as shown, such as `± 2%`.
    pub spread: String,
    /// Allocations per operation, if counted.
    pub allocs: Option<f64>,
    /// The allocations as shown, such as `0 allocs`.
    pub allocs_display: String,
}

/// The candidate against another series in one scenario.
#[derive(Debug, Clone, Deserialize)]
pub struct Speedup {
    /// The other series' time over the candidate's.
    pub ratio: f64,
    /// Whether the confidence intervals do not overlap.
    pub holds: bool,
    /// As shown, such as `5.6× faster`.
    pub display: String,
}

impl Summary {
    /// Reads the summary named by `layout.summary`.
    pub fn load(layout: &Layout) -> Result<Summary> {
        let path = &layout.summary;
        let shown = layout.shown(path);
        let rerun = format!(
            "Write it with `{SUMMARY_COMMAND}` (it runs the benchmarks if needed) and commit it."
        );
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                bail!(
                    "{shown} is missing: the landing page's performance figures come from it. {rerun}"
                )
            }
            Err(error) => return Err(error).with_context(|| format!("could not read {shown}")),
        };
        let mut summary: Summary = serde_json::from_str(&text)
            .with_context(|| format!("{shown} is malformed. {rerun}"))?;
        summary.dir = path.parent().map(PathBuf::from).unwrap_or_default();
        summary
            .validate()
            .with_context(|| format!("{shown} is malformed. {rerun}"))?;
        Ok(summary)
    }

    fn validate(&self) -> Result<()> {
        ensure!(
            self.schema == SCHEMA,
            "its schema is {}, and this site reads schema {SCHEMA}",
            self.schema
        );
        for id in HEADLINES {
            let known = self
                .headlines
                .keys()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(", ");
            let headline = self
                .headlines
                .get(id)
                .with_context(|| format!("it has no headline `{id}` (it has: {known})"))?;
            ensure!(headline.value.is_some(), "headline `{id}` has no result");
        }
        ensure!(
            !self.comparisons().is_empty(),
            "no section compares v3 with a baseline"
        );
        for section in &self.sections {
            ensure!(
                section
                    .rows
                    .iter()
                    .all(|row| row.cells.len() == section.series.len()),
                "section `{}` has rows whose cells do not match its {} series",
                section.id,
                section.series.len()
            );
            let chart = self.dir.join(&section.chart);
            ensure!(
                chart.is_file(),
                "section `{}` names the chart {}, which is missing",
                section.id,
                chart.display()
            );
        }
        Ok(())
    }

    /// The headline figure `id`, one of [`HEADLINES`] (checked when loaded).
    pub fn headline(&self, id: &str) -> &Headline {
        &self.headlines[id]
    }

    /// The sections that compare the candidate with a baseline (v3 with v2): the landing page's charts.
    pub fn comparisons(&self) -> Vec<&Section> {
        self.sections
            .iter()
            .filter(|section| section.baseline.is_some())
            .collect()
    }
}

impl Section {
    /// The candidate's cells, where measured.
    pub fn candidate_cells(&self) -> impl Iterator<Item = &Cell> {
        let index = self
            .series
            .iter()
            .position(|label| *label == self.candidate);
        self.rows.iter().filter_map(move |row| {
            index
                .and_then(|i| row.cells.get(i))
                .and_then(Option::as_ref)
        })
    }
}
