//! The report: the page description joined with the results, with speed-ups and geometric means.

use crate::allocations::{AllocationCounts, Allocations};
use crate::criterion::{CriterionResults, Measurement};
use crate::environment::Environment;
use crate::error::{Error, Result};
use crate::format;
use crate::latency::{Latencies, Latency};
use crate::page::{Block, ChartKind, Headline, Page, Statistic, SuiteSection};

/// Everything the page, the charts and the summary show.
#[derive(Debug, Clone)]
pub struct Report {
    /// The page's title.
    pub title: String,
    /// Markdown under the title.
    pub intro: String,
    /// Markdown at the end.
    pub outro: String,
    /// The sections with a chart, in page order.
    pub sections: Vec<SectionReport>,
    /// The suite tables, in page order.
    pub suites: Vec<SuiteReport>,
    /// Every section in page order.
    pub order: Vec<Block>,
    /// Headline figures, by id.
    pub headlines: Vec<(String, HeadlineFigure)>,
    /// How the figures were measured.
    pub method: Method,
    /// Problems that did not stop the report (missing results), one line each.
    pub warnings: Vec<String>,
}

/// How every figure was measured.
#[derive(Debug, Clone)]
pub struct Method {
    /// The machine.
    pub environment: Environment,
    /// The estimate the page asks for.
    pub statistic: Statistic,
    /// Whether some benchmark had no slope and quotes the mean instead.
    pub fell_back_to_mean: bool,
    /// Confidence level of the intervals (e.g. 0.95).
    pub confidence_level: f64,
    /// Fewest and most samples taken by one benchmark.
    pub samples: Option<(usize, usize)>,
}

impl Method {
    /// One line: "AMD EPYC, 2 cores, Debian 12, rustc 1.95.0, criterion 0.8.2, 2026-12-01, commit
    /// 7e1e38c0ab: median of 100 samples.", or "machine not recorded: median of 100 samples."
    pub fn summary(&self) -> String {
        let env = &self.environment;
        let mut facts = env.machine_words();
        if let Some(recorded) = &env.recorded {
            facts.push_str(&format!(", {}", recorded.date()));
            if let Some(commit) = recorded.commit_words() {
                facts.push_str(&format!(", commit {commit}"));
            }
        }
        format!(
            "{facts}: {} of {}.",
            self.statistic_words(),
            self.samples_words()
        )
    }

    /// "median" or, after a fallback, "slope (mean where criterion has no slope)".
    pub fn statistic_words(&self) -> String {
        if self.fell_back_to_mean {
            format!("{} (mean where criterion has none)", self.statistic.name())
        } else {
            self.statistic.name().to_owned()
        }
    }

    /// "100 samples" or "10 to 100 samples".
    pub fn samples_words(&self) -> String {
        match self.samples {
            Some((low, high)) if low == high => format!("{low} samples"),
            Some((low, high)) => format!("{low} to {high} samples"),
            None => "no samples".to_owned(),
        }
    }
}

/// One series as shown.
#[derive(Debug, Clone)]
pub struct SeriesInfo {
    /// Legend and column name.
    pub label: String,
    /// Bar colour `#rrggbb`.
    pub colour: String,
}

/// One section: a chart and its table.
#[derive(Debug, Clone)]
pub struct SectionReport {
    /// Stable id.
    pub id: String,
    /// Group heading, if any.
    pub part: Option<String>,
    /// Heading.
    pub title: String,
    /// What the chart shows.
    pub caption: String,
    /// Markdown after the table.
    pub text: String,
    /// What one operation is.
    pub per: String,
    /// The series, in legend order.
    pub series: Vec<SeriesInfo>,
    /// Index of the candidate series.
    pub candidate: usize,
    /// Index of the baseline series, if the section has one.
    pub baseline: Option<usize>,
    /// One row per scenario.
    pub rows: Vec<Row>,
    /// Geometric mean of the rows' ratios.
    pub geomean: Option<Geomean>,
    /// What the chart shows. In a latency section every figure's time is its p99 and has no interval.
    pub kind: ChartKind,
}

/// A suite table.
#[derive(Debug, Clone)]
pub struct SuiteReport {
    /// Stable id.
    pub id: String,
    /// Group heading, if any.
    pub part: Option<String>,
    /// Heading.
    pub title: String,
    /// Markdown before the table.
    pub intro: String,
    /// Markdown after the table.
    pub text: String,
    /// One row per benchmark.
    pub rows: Vec<SuiteRowReport>,
}

/// One benchmark of a suite table.
#[derive(Debug, Clone)]
pub struct SuiteRowReport {
    /// criterion's id.
    pub benchmark: String,
    /// What it measures.
    pub description: String,
    /// Its figure, or `None` when it has no result.
    pub figure: Option<Figure>,
}

impl SectionReport {
    /// Whether the suite counted allocations for any benchmark of series `series` in this section.
    pub fn has_allocations(&self, series: usize) -> bool {
        self.rows.iter().any(|row| {
            row.cells[series]
                .figure()
                .is_some_and(|f| f.allocations.is_some())
        })
    }
}

/// One scenario.
#[derive(Debug, Clone)]
pub struct Row {
    /// The scenario's label.
    pub label: String,
    /// One cell per series.
    pub cells: Vec<Cell>,
    /// How the candidate compares in this scenario.
    pub speedup: Option<Comparison>,
}

/// One series in one scenario.
#[derive(Debug, Clone)]
pub enum Cell {
    /// The page does not measure this series in this scenario.
    NotApplicable,
    /// The page names a benchmark that has no result.
    Missing {
        /// The benchmark id looked for.
        benchmark: String,
    },
    /// A result.
    Measured(Figure),
}

impl Cell {
    /// The figure, if measured.
    pub fn figure(&self) -> Option<&Figure> {
        match self {
            Cell::Measured(figure) => Some(figure),
            _ => None,
        }
    }
}

/// A measured figure.
#[derive(Debug, Clone)]
pub struct Figure {
    /// Time per operation.
    pub time: Measurement,
    /// Allocation counts, when the suite recorded them.
    pub allocations: Option<Allocations>,
    /// Job-start latencies, in a latency section (`time` is then their p99).
    pub latency: Option<Latency>,
}

/// The candidate against one other series.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Comparison {
    /// Index of the series compared with.
    pub against: usize,
    /// Other's time / candidate's time: above 1, the candidate is faster.
    pub ratio: f64,
    /// Whether the confidence intervals do not overlap.
    pub holds: bool,
}

impl Comparison {
    /// "5.6× faster", "1.2× slower" or "no clear difference".
    pub fn display(&self) -> String {
        format::comparison(self.ratio, self.holds)
    }
}

/// The geometric mean of a section's ratios.
#[derive(Debug, Clone, PartialEq)]
pub struct Geomean {
    /// The series compared with, when every row compares with the same one.
    pub against: Option<usize>,
    /// The geometric mean of the rows' ratios.
    pub ratio: f64,
    /// Whether the rows support a claim: every row's speed-up holds, all in the mean's direction.
    /// Otherwise the mean is shown as no clear difference, whatever its value.
    pub holds: bool,
}

/// A headline figure.
#[derive(Debug, Clone, PartialEq)]
pub struct HeadlineFigure {
    /// The number (a ratio, nanoseconds, or allocations), if there is a result.
    pub value: Option<f64>,
    /// The number as shown.
    pub display: String,
    /// Text shown with it.
    pub label: String,
    /// The id of the section it comes from, as the page description names it.
    pub section: String,
}

/// Okabe and Ito's palette: colours that stay apart for colour-blind readers.
pub const PALETTE: [&str; 8] = [
    "#E69F00", "#0072B2", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000",
];

impl Report {
    /// Joins `page` with the results; missing results become warnings, corrupt files errors.
    pub fn build(
        page: &Page,
        results: &CriterionResults,
        allocations: &AllocationCounts,
        latencies: &Latencies,
        environment: Environment,
    ) -> Result<Report> {
        let mut warnings = Vec::new();
        let mut fell_back_to_mean = false;
        let mut confidence_level = None;
        let mut samples: Option<(usize, usize)> = None;
        let mut sections = Vec::new();
        if allocations.is_empty() {
            warnings.push(format!(
                "no allocation counts in {}: the page shows times only",
                allocations.dir().display()
            ));
        }
        for section in &page.sections {
            let series: Vec<SeriesInfo> = section
                .series
                .iter()
                .enumerate()
                .map(|(i, s)| SeriesInfo {
                    label: s.label.clone(),
                    colour: s
                        .colour
                        .clone()
                        .unwrap_or_else(|| PALETTE[i % PALETTE.len()].to_owned()),
                })
                .collect();
            let candidate = section.series_index(&section.candidate).expect("checked");
            let baseline = section
                .baseline
                .as_deref()
                .map(|b| section.series_index(b).expect("checked"));
            let mut rows = Vec::new();
            for scenario in &section.scenarios {
                let mut cells = Vec::new();
                for series in &section.series {
                    let Some(id) = section.benchmark_id(scenario, series) else {
                        cells.push(Cell::NotApplicable);
                        continue;
                    };
                    if section.kind == ChartKind::Latency {
                        cells.push(match latencies.get(&id) {
                            Some(latency) => Cell::Measured(latency_figure(latency)),
                            None => {
                                warnings.push(format!(
                                    "section `{}`, scenario `{}`, series `{}`: no latencies for benchmark `{id}`; drawn as missing",
                                    section.id, scenario.label, series.id
                                ));
                                Cell::Missing { benchmark: id }
                            }
                        });
                        continue;
                    }
                    match results.measurement(&id, page.statistic)? {
                        None => {
                            warnings.push(format!(
                                "section `{}`, scenario `{}`, series `{}`: no result for benchmark `{id}`; drawn as missing",
                                section.id, scenario.label, series.id
                            ));
                            cells.push(Cell::Missing { benchmark: id });
                        }
                        Some(time) => {
                            fell_back_to_mean |= time.statistic != page.statistic;
                            confidence_level.get_or_insert(time.confidence_level);
                            samples = Some(match samples {
                                None => (time.samples, time.samples),
                                Some((lo, hi)) => (lo.min(time.samples), hi.max(time.samples)),
                            });
                            let counted = allocations.get(&id);
                            if counted.is_none() && !allocations.is_empty() {
                                warnings.push(format!(
                                    "no allocation count for benchmark `{id}`: its table cell shows —"
                                ));
                            }
                            cells.push(Cell::Measured(Figure {
                                time,
                                allocations: counted,
                                latency: None,
                            }));
                        }
                    }
                }
                // Percentiles come without intervals: no speed-up is claimed from them.
                let speedup = match section.kind {
                    ChartKind::Bars => compare(&cells, candidate, baseline),
                    ChartKind::Latency => None,
                };
                rows.push(Row {
                    label: scenario.label.clone(),
                    cells,
                    speedup,
                });
            }
            let measured = rows
                .iter()
                .any(|row| row.cells.iter().any(|c| c.figure().is_some()));
            if !measured {
                let missing =
                    rows.iter()
                        .flat_map(|row| &row.cells)
                        .filter_map(|cell| match cell {
                            Cell::Missing { benchmark } => Some(benchmark.as_str()),
                            _ => None,
                        });
                return Err(section_missing(
                    page,
                    &section.id,
                    section.measure.as_deref(),
                    missing,
                    results,
                ));
            }
            if section.kind == ChartKind::Bars {
                unmatched(section, &rows, results)?;
            }
            let geomean = geomean(&rows);
            sections.push(SectionReport {
                id: section.id.clone(),
                part: section.part.clone(),
                title: section.title.clone(),
                caption: section.caption.clone(),
                text: section.text.clone(),
                per: section.per.clone(),
                series,
                candidate,
                baseline,
                rows,
                geomean,
                kind: section.kind,
            });
        }
        let mut suites = Vec::new();
        for suite in &page.suites {
            let mut rows = Vec::new();
            for row in &suite.rows {
                let figure = match results.measurement(&row.benchmark, page.statistic)? {
                    Some(time) => {
                        fell_back_to_mean |= time.statistic != page.statistic;
                        confidence_level.get_or_insert(time.confidence_level);
                        samples = Some(match samples {
                            None => (time.samples, time.samples),
                            Some((lo, hi)) => (lo.min(time.samples), hi.max(time.samples)),
                        });
                        Some(Figure {
                            time,
                            allocations: allocations.get(&row.benchmark),
                            latency: None,
                        })
                    }
                    None => {
                        warnings.push(format!(
                            "section `{}`: no result for benchmark `{}`; its row says so",
                            suite.id, row.benchmark
                        ));
                        None
                    }
                };
                rows.push(SuiteRowReport {
                    benchmark: row.benchmark.clone(),
                    description: row.description.clone(),
                    figure,
                });
            }
            if rows.iter().all(|r| r.figure.is_none()) {
                return Err(suite_missing(page, suite, results));
            }
            suites.push(SuiteReport {
                id: suite.id.clone(),
                part: suite.part.clone(),
                title: suite.title.clone(),
                intro: suite.intro.clone(),
                text: suite.text.clone(),
                rows,
            });
        }
        let mut report = Report {
            title: page.title.clone(),
            intro: page.intro.clone(),
            outro: page.outro.clone(),
            sections,
            suites,
            order: page.order.clone(),
            headlines: Vec::new(),
            method: Method {
                environment,
                statistic: page.statistic,
                fell_back_to_mean,
                confidence_level: confidence_level.unwrap_or(0.95),
                samples,
            },
            warnings,
        };
        for (id, headline) in &page.headlines {
            let figure = report.headline(page, headline);
            if figure.value.is_none() {
                report
                    .warnings
                    .push(format!("headline `{id}` has no result: shown as —"));
            }
            report.headlines.push((id.clone(), figure));
        }
        Ok(report)
    }

    /// Whether any figure on the page has allocation counts.
    pub fn has_allocations(&self) -> bool {
        let in_suites = self
            .suites
            .iter()
            .flat_map(|s| &s.rows)
            .any(|r| r.figure.as_ref().is_some_and(|f| f.allocations.is_some()));
        in_suites
            || self
                .sections
                .iter()
                .any(|s| (0..s.series.len()).any(|i| s.has_allocations(i)))
    }

    fn headline(&self, page: &Page, headline: &Headline) -> HeadlineFigure {
        let (section_id, scenario, label) = match headline {
            Headline::Speedup {
                section,
                scenario,
                label,
            }
            | Headline::Time {
                section,
                scenario,
                label,
                ..
            }
            | Headline::Allocations {
                section,
                scenario,
                label,
                ..
            } => (section, scenario, label),
        };
        let page_section = page.section(section_id).expect("checked");
        let section = self
            .sections
            .iter()
            .find(|s| &s.id == section_id)
            .expect("built");
        let row = section
            .rows
            .iter()
            .find(|r| &r.label == scenario)
            .expect("checked");
        let figure_of = |series: &str| {
            let index = page_section.series_index(series).expect("checked");
            row.cells[index].figure()
        };
        let (value, display) = match headline {
            Headline::Speedup { .. } => match row.speedup {
                Some(c) => (Some(c.ratio), format::ratio(c.ratio)),
                None => (None, "—".to_owned()),
            },
            Headline::Time { series, .. } => match figure_of(series) {
                Some(f) => (Some(f.time.point_ns), format::time(f.time.point_ns)),
                None => (None, "—".to_owned()),
            },
            Headline::Allocations { series, .. } => {
                match figure_of(series).and_then(|f| f.allocations) {
                    Some(a) => (
                        Some(a.allocs_per_op),
                        format::allocations_value(a.allocs_per_op),
                    ),
                    None => (None, "—".to_owned()),
                }
            }
        };
        HeadlineFigure {
            value,
            display,
            label: label.clone(),
            section: section_id.clone(),
        }
    }
}

/// A latency figure: its p99 stands as the time, with no interval around it.
fn latency_figure(latency: Latency) -> Figure {
    Figure {
        time: Measurement {
            point_ns: latency.p99_ns,
            lower_ns: latency.p99_ns,
            upper_ns: latency.p99_ns,
            confidence_level: 0.95,
            samples: usize::try_from(latency.samples).unwrap_or(usize::MAX),
            statistic: Statistic::Median,
            throughput: None,
        },
        allocations: None,
        latency: Some(latency),
    }
}

/// A series or a scenario of a section none of whose benchmarks has a result is a misspelling, not a
/// hole to publish: an error naming the ids looked for and the nearest ids that exist. One missing
/// cell among measured ones stays a visible "no result".
fn unmatched(
    section: &crate::page::Section,
    rows: &[Row],
    results: &CriterionResults,
) -> Result<()> {
    let missing_in = |cells: Vec<&Cell>| -> Option<Vec<String>> {
        let looked_for: Vec<String> = cells
            .iter()
            .filter_map(|cell| match cell {
                Cell::Missing { benchmark } => Some(benchmark.clone()),
                _ => None,
            })
            .collect();
        let measured = cells.iter().any(|cell| cell.figure().is_some());
        (!measured && !looked_for.is_empty()).then_some(looked_for)
    };
    for (index, series) in section.series.iter().enumerate() {
        if let Some(looked_for) = missing_in(rows.iter().map(|row| &row.cells[index]).collect()) {
            return Err(no_match(
                section,
                format!("series `{}`", series.id),
                looked_for,
                results,
            ));
        }
    }
    for (row, scenario) in rows.iter().zip(&section.scenarios) {
        if let Some(looked_for) = missing_in(row.cells.iter().collect()) {
            return Err(no_match(
                section,
                format!("scenario `{}`", scenario.label),
                looked_for,
                results,
            ));
        }
    }
    Ok(())
}

fn no_match(
    section: &crate::page::Section,
    what: String,
    looked_for: Vec<String>,
    results: &CriterionResults,
) -> Error {
    let nearest = nearest_to_any(looked_for.iter().map(String::as_str), results);
    Error::NoMatch {
        section: section.id.clone(),
        what,
        looked_for,
        nearest,
    }
}

/// The ids of results closest to `id` by edit distance, at most three.
pub fn nearest_ids(id: &str, results: &CriterionResults) -> Vec<String> {
    let mut scored: Vec<(usize, &str)> = results
        .ids()
        .into_iter()
        .map(|candidate| (strsim::levenshtein(id, candidate), candidate))
        .collect();
    scored.sort();
    scored
        .into_iter()
        .take(3)
        .map(|(_, candidate)| candidate.to_owned())
        .collect()
}

/// The ids of results nearest to any of `ids`, each once, in the order found.
fn nearest_to_any<'a>(
    ids: impl Iterator<Item = &'a str>,
    results: &CriterionResults,
) -> Vec<String> {
    let mut nearest: Vec<String> = Vec::new();
    for id in ids.flat_map(|id| nearest_ids(id, results)) {
        if !nearest.contains(&id) {
            nearest.push(id);
        }
    }
    nearest
}

/// The error of a section none of whose benchmarks has a result: it names them and what measures them.
fn section_missing<'a>(
    page: &Page,
    section: &str,
    measure: Option<&str>,
    missing: impl Iterator<Item = &'a str>,
    results: &CriterionResults,
) -> Error {
    let missing: Vec<&str> = missing.collect();
    let mut nearest = nearest_to_any(missing.iter().copied(), results);
    nearest.truncate(5);
    let mut ids: Vec<String> = missing.iter().map(|id| format!("`{id}`")).collect();
    ids.dedup();
    Error::SectionMissing {
        section: section.to_owned(),
        missing: ids,
        nearest: nearest.iter().map(|id| format!("`{id}`")).collect(),
        command: measure.map_or_else(
            || {
                page.run.as_ref().map_or_else(
                    || "the criterion benchmarks".to_owned(),
                    |run| run.display(),
                )
            },
            str::to_owned,
        ),
    }
}

fn suite_missing(page: &Page, suite: &SuiteSection, results: &CriterionResults) -> Error {
    section_missing(
        page,
        &suite.id,
        suite.measure.as_deref(),
        suite.rows.iter().map(|r| r.benchmark.as_str()),
        results,
    )
}

/// The candidate against the baseline, or, without one, against the fastest other measured series.
fn compare(cells: &[Cell], candidate: usize, baseline: Option<usize>) -> Option<Comparison> {
    let mine = cells[candidate].figure()?;
    let against = match baseline {
        Some(b) => {
            cells[b].figure()?;
            b
        }
        None => {
            cells
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != candidate)
                .filter_map(|(i, c)| c.figure().map(|f| (i, f.time.point_ns)))
                .min_by(|a, b| a.1.total_cmp(&b.1))?
                .0
        }
    };
    let other = cells[against].figure()?;
    Some(Comparison {
        against,
        ratio: other.time.point_ns / mine.time.point_ns,
        holds: !mine.time.overlaps(&other.time),
    })
}

fn geomean(rows: &[Row]) -> Option<Geomean> {
    let comparisons: Vec<Comparison> = rows.iter().filter_map(|r| r.speedup).collect();
    if comparisons.is_empty() {
        return None;
    }
    let log_mean = comparisons.iter().map(|c| c.ratio.ln()).sum::<f64>() / comparisons.len() as f64;
    let first = comparisons[0].against;
    let ratio = log_mean.exp();
    let holds = comparisons
        .iter()
        .all(|c| c.holds && (c.ratio > 1.0) == (ratio > 1.0));
    Some(Geomean {
        holds,
        against: comparisons
            .iter()
            .all(|c| c.against == first)
            .then_some(first),
        ratio,
    })
}

/// The geometric mean of a column's times, over the rows where it was measured.
pub fn geomean_time(rows: &[Row], series: usize) -> Option<f64> {
    let times: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.cells[series].figure().map(|f| f.time.point_ns))
        .collect();
    if times.is_empty() {
        return None;
    }
    Some((times.iter().map(|t| t.ln()).sum::<f64>() / times.len() as f64).exp())
}
