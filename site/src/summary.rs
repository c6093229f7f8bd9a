//! The benchmark summary that `bench-report` writes and commits (`summary.json`, schema 1): the
//! performance section's charts and tables and three of the headline figures come from it.

use crate::Layout;
use crate::data_file::DataFile;
use anyhow::{Context, Result, ensure};
use std::path::{Path, PathBuf};

/// The command that writes the benchmark summary, for error messages.
pub const SUMMARY_COMMAND: &str = "cargo run -p bench-report";
/// The schema version this site reads.
pub const SCHEMA: u32 = bench_report::summary::SCHEMA_VERSION;
/// The headline figures the landing page leads with, by their id in the summary, in page order:
/// the speed-up over v2, the time of `delegate`, the allocations per job.
pub const HEADLINES: [&str; 3] = ["speedup", "delegate", "allocs_per_job"];

pub use bench_report::summary::{
    CellSummary as Cell, HeadlineSummary as Headline, RowSummary as Row, SectionSummary as Section,
    SpeedupSummary as Speedup,
};

/// `summary.json` as bench-report wrote it (its own types: the schema has one home), and where it lies.
#[derive(Debug, Clone)]
pub struct Summary {
    /// What the file says.
    pub data: bench_report::summary::Summary,
    /// The folder holding `summary.json`, where the charts lie too.
    pub dir: PathBuf,
}

impl std::ops::Deref for Summary {
    type Target = bench_report::summary::Summary;

    fn deref(&self) -> &Self::Target {
        &self.data
    }
}

impl Summary {
    /// Reads the summary named by `layout.summary`.
    pub fn load(layout: &Layout) -> Result<Summary> {
        let dir = layout
            .summary
            .parent()
            .map(PathBuf::from)
            .unwrap_or_default();
        let data = DataFile {
            path: &layout.summary,
            used_for: "the landing page's performance figures come from it",
            written_by: &format!("`{SUMMARY_COMMAND}` (it runs the benchmarks if needed)"),
        }
        .load(layout, |data| Summary::validate(data, &dir))?;
        Ok(Summary { data, dir })
    }

    fn validate(data: &bench_report::summary::Summary, dir: &Path) -> Result<()> {
        ensure!(
            data.schema == SCHEMA,
            "its schema is {}, and this site reads schema {SCHEMA}",
            data.schema
        );
        for id in HEADLINES {
            let known = data
                .headlines
                .keys()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(", ");
            let headline = data
                .headlines
                .get(id)
                .with_context(|| format!("it has no headline `{id}` (it has: {known})"))?;
            ensure!(headline.value.is_some(), "headline `{id}` has no result");
            let section = headline.section.as_deref().with_context(|| {
                format!(
                    "headline `{id}` names no section: a bench-report older than this site wrote \
                     it. Write it again with `{SUMMARY_COMMAND}`"
                )
            })?;
            ensure!(
                data.sections
                    .iter()
                    .any(|charted| charted.id == section && charted.baseline.is_some()),
                "headline `{id}` comes from the section `{section}`, which the landing page does \
                 not chart (it charts the sections that compare v3 with a baseline)"
            );
        }
        ensure!(
            data.sections
                .iter()
                .any(|section| section.baseline.is_some()),
            "no section compares v3 with a baseline"
        );
        for section in &data.sections {
            ensure!(
                section
                    .rows
                    .iter()
                    .all(|row| row.cells.len() == section.series.len()),
                "section `{}` has rows whose cells do not match its {} series",
                section.id,
                section.series.len()
            );
            let chart = dir.join(&section.chart);
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

    /// The id of the section the headline figure `id` comes from, one of [`Summary::comparisons`]
    /// (checked when loaded).
    pub fn headline_section(&self, id: &str) -> &str {
        self.headline(id)
            .section
            .as_deref()
            .expect("checked when loaded")
    }

    /// The sections that compare the candidate with a baseline (v3 with v2): the landing page's charts.
    pub fn comparisons(&self) -> Vec<&Section> {
        self.sections
            .iter()
            .filter(|section| section.baseline.is_some())
            .collect()
    }
}
