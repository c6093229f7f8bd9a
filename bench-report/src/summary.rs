//! `summary.json`'s schema, the one home of it: the headline figures and every section's rows,
//! for a landing page to render.
//!
//! bench-report writes these types ([`Summary::of`], [`Summary::to_json`]) and a reader, such
//! as the site, reads the very same types ([`Summary::from_json`]): the schema is written once.
//! [`SCHEMA_VERSION`] changes with any incompatible change. Every field's meaning is on the
//! field; an absent number is `null`, with `"—"` where it would be shown.
//!
//! ```
//! let summary = bench_report::summary::Summary::from_json(r#"{
//!     "schema": 1, "generator": "bench-report 0.1.0", "title": "Performance",
//!     "environment": { "cpu": "AMD EPYC", "cores": 2, "os": "Linux", "rustc": "rustc 1.95.0",
//!                      "criterion": "0.8.2", "started_at": "2026-12-01T09:00:00Z",
//!                      "commit": "7e1e38c0ab", "dirty": false, "machine": null,
//!                      "statistic": "median", "confidence_level": 0.95, "samples": 100,
//!                      "summary": "AMD EPYC, 2 cores, …: median of 100 samples." },
//!     "headlines": { "speedup": { "value": 5.6, "display": "5.6×", "label": "faster" } },
//!     "sections": []
//! }"#).unwrap();
//! assert_eq!(summary.headlines["speedup"].display, "5.6×");
//! let recorded = summary.environment.machine.recorded.as_ref().unwrap();
//! assert_eq!(recorded.commit.as_deref(), Some("7e1e38c0ab"));
//! ```
//!
//! Without recorded facts (no `environment.json` beside the results), `environment` has none of
//! [`Recorded`](crate::environment::Recorded)'s fields, only `machine` when `--machine` named one:
//!
//! ```
//! let summary = bench_report::summary::Summary::from_json(r#"{
//!     "schema": 1, "generator": "bench-report 0.1.0", "title": "Performance",
//!     "environment": { "statistic": "median", "confidence_level": 0.95, "samples": 100,
//!                      "summary": "machine not recorded: median of 100 samples." },
//!     "headlines": {}, "sections": []
//! }"#).unwrap();
//! assert_eq!(summary.environment.machine.recorded, None);
//! ```
//!
//! Only sections of bars are listed: latency sections and suite tables are on the page alone.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::environment::Environment;
use crate::format;
use crate::report::{Cell, Report, SectionReport};

/// The schema version written as `"schema"`.
pub const SCHEMA_VERSION: u32 = 1;

/// The whole summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// "bench-report" and its version.
    pub generator: String,
    /// The page's title.
    pub title: String,
    /// How the figures were measured.
    pub environment: EnvironmentSummary,
    /// Headline figures by id.
    pub headlines: BTreeMap<String, HeadlineSummary>,
    /// The sections in page order.
    pub sections: Vec<SectionSummary>,
}

/// The machine and the statistic.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EnvironmentSummary {
    /// The machine's facts: [`Recorded`](crate::environment::Recorded)'s fields when the run
    /// recorded them (`commit` and `dirty` null outside a git checkout), none of them when not;
    /// `machine`, a name given with `--machine`, either way.
    #[serde(flatten)]
    pub machine: Environment,
    /// "median", "mean" or "slope".
    pub statistic: String,
    /// Confidence level of every interval.
    pub confidence_level: f64,
    /// Fewest samples any benchmark took.
    pub samples: Option<usize>,
    /// The facts in one line.
    pub summary: String,
}

/// One headline figure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HeadlineSummary {
    /// The number, or null without a result: a ratio (speedup), nanoseconds (time) or
    /// allocations per operation.
    pub value: Option<f64>,
    /// The number as shown ("5.6×", "11.4 ns", "0"), "—" without a result.
    pub display: String,
    /// Text shown with it.
    pub label: String,
    /// The id of the section it comes from (one of `sections`, whose chart and book section a
    /// page can link it to). Added within schema 1: null (absent) in summaries written before.
    #[serde(default)]
    pub section: Option<String>,
}

/// One section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SectionSummary {
    /// Stable id.
    pub id: String,
    /// Group heading or null.
    pub part: Option<String>,
    /// Heading.
    pub title: String,
    /// What the chart shows.
    pub caption: String,
    /// The chart's file name, beside `summary.json`.
    pub chart: String,
    /// Series labels in legend order.
    pub series: Vec<String>,
    /// The candidate's label.
    pub candidate: String,
    /// The baseline's label, or null: then each row compares with its fastest other series.
    pub baseline: Option<String>,
    /// One row per scenario.
    pub rows: Vec<RowSummary>,
    /// The geometric mean of the rows' ratios, or null.
    pub geomean: Option<ComparisonSummary>,
    /// = `environment.summary`.
    pub note: String,
}

/// One scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RowSummary {
    /// Scenario label.
    pub scenario: String,
    /// One per series, null where not measured or missing.
    pub cells: Vec<Option<CellSummary>>,
    /// How the candidate compares, or null.
    pub speedup: Option<SpeedupSummary>,
}

/// One series in one scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CellSummary {
    /// Series label.
    pub series: String,
    /// Time per operation in nanoseconds.
    pub time_ns: f64,
    /// The time as shown.
    pub display: String,
    /// The confidence interval, in nanoseconds.
    pub ci_ns: [f64; 2],
    /// "± 2%".
    pub spread: String,
    /// The spread in percent.
    pub spread_pct: f64,
    /// Allocations per operation, or null when not recorded.
    pub allocs: Option<f64>,
    /// "0 allocs", or "—".
    pub allocs_display: String,
    /// Peak heap bytes, where recorded.
    pub peak_bytes: Option<u64>,
    /// "1.5 MiB", where recorded.
    pub peak_display: Option<String>,
}

/// The candidate against another series in one scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpeedupSummary {
    /// The other series' label.
    pub against: String,
    /// Other's time / candidate's time.
    pub ratio: f64,
    /// Whether the confidence intervals do not overlap.
    pub holds: bool,
    /// "5.6× faster", "1.2× slower" (a ratio below 1) or "no clear difference" (`!holds`).
    pub display: String,
}

/// A geometric mean of ratios.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ComparisonSummary {
    /// The series compared with, or null when rows compare with different ones.
    pub against: Option<String>,
    /// The geometric mean.
    pub ratio: f64,
    /// "4.5× faster", or "no clear difference" when not every row's speed-up holds in its direction.
    pub display: String,
}

impl Summary {
    /// The summary of `report`.
    pub fn of(report: &Report) -> Summary {
        let method = &report.method;
        let note = method.summary();
        Summary {
            schema: SCHEMA_VERSION,
            generator: format!("bench-report {}", env!("CARGO_PKG_VERSION")),
            title: report.title.clone(),
            environment: EnvironmentSummary {
                machine: method.environment.clone(),
                statistic: method.statistic_words(),
                confidence_level: method.confidence_level,
                samples: method.samples.map(|(low, _)| low),
                summary: note.clone(),
            },
            headlines: report
                .headlines
                .iter()
                .map(|(id, h)| {
                    (
                        id.clone(),
                        HeadlineSummary {
                            value: h.value,
                            display: h.display.clone(),
                            label: h.label.clone(),
                            section: Some(h.section.clone()),
                        },
                    )
                })
                .collect(),
            // Latency sections have percentiles, not times with intervals: schema 1 has no cell for them.
            sections: report
                .sections
                .iter()
                .filter(|s| s.kind == crate::page::ChartKind::Bars)
                .map(|s| section(s, &note))
                .collect(),
        }
    }

    /// Reads a summary that [`Summary::to_json`] wrote; an error says which field is wrong.
    pub fn from_json(text: &str) -> Result<Summary, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// Pretty-printed JSON with a final newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("the summary serialises");
        text.push('\n');
        text
    }
}

impl SectionSummary {
    /// The candidate's cells, where measured.
    pub fn candidate_cells(&self) -> impl Iterator<Item = &CellSummary> {
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

fn section(section: &SectionReport, note: &str) -> SectionSummary {
    let label = |i: usize| section.series[i].label.clone();
    SectionSummary {
        id: section.id.clone(),
        part: section.part.clone(),
        title: section.title.clone(),
        caption: section.caption.clone(),
        chart: format!("{}.svg", section.id),
        series: section.series.iter().map(|s| s.label.clone()).collect(),
        candidate: label(section.candidate),
        baseline: section.baseline.map(label),
        rows: section
            .rows
            .iter()
            .map(|row| RowSummary {
                scenario: row.label.clone(),
                cells: row
                    .cells
                    .iter()
                    .enumerate()
                    .map(|(i, cell)| match cell {
                        Cell::Measured(f) => Some(CellSummary {
                            series: label(i),
                            time_ns: f.time.point_ns,
                            display: format::time(f.time.point_ns),
                            ci_ns: [f.time.lower_ns, f.time.upper_ns],
                            spread: format::spread(f.time.spread_pct()),
                            spread_pct: f.time.spread_pct(),
                            allocs: f.allocations.map(|a| a.allocs_per_op),
                            allocs_display: f
                                .allocations
                                .map_or("—".to_owned(), |a| format::allocations(a.allocs_per_op)),
                            peak_bytes: f.allocations.and_then(|a| a.peak_bytes),
                            peak_display: f
                                .allocations
                                .and_then(|a| a.peak_bytes)
                                .map(format::bytes),
                        }),
                        Cell::Missing { .. } | Cell::NotApplicable => None,
                    })
                    .collect(),
                speedup: row.speedup.map(|s| SpeedupSummary {
                    against: label(s.against),
                    ratio: s.ratio,
                    holds: s.holds,
                    display: s.display(),
                }),
            })
            .collect(),
        geomean: section.geomean.as_ref().map(|g| ComparisonSummary {
            against: g.against.map(label),
            ratio: g.ratio,
            display: format::comparison(g.ratio, g.holds),
        }),
        note: note.to_owned(),
    }
}
