//! bench-report turns criterion's results into a performance page: one SVG bar chart per section, a
//! table beside each, the Markdown page itself and a JSON summary for a landing page.
//!
//! It knows nothing of the library measured: a page description (TOML) names everything.
//!
//! ```text
//! bench-report [--page book/performance.toml] [--criterion-dir target/criterion] [--rerun | --no-run]
//!              [--machine NAME]
//! bench-report compare OLD NEW [--criterion-dir DIR] [--format markdown|json]
//!              [--fail-on-regression PCT] [--alpha P] [--threshold PCT]
//! ```
//!
//! With no results yet (or with `--rerun`) it first runs the page's `[run] command` with
//! `CRITERION_HOME` pointing at the criterion directory, showing progress, and records where it ran
//! (see [`environment`]). `compare` sets two runs side by side (see [`compare`]).
//!
//! # The page description
//!
//! ```toml
//! title = "Performance"
//! intro = "Markdown under the title."
//! outro = "Markdown at the end, before the methodology facts."
//! statistic = "median"                     # or "mean", "slope" (slope falls back to mean in flat mode)
//!
//! [output]                                 # relative to this file
//! markdown = "src/performance.md"
//! charts = "src/performance"               # <section id>.svg and summary.json go here
//!
//! [run]                                    # run from the directory holding Cargo.lock
//! command = ["cargo", "bench", "-p", "mylib"]
//! expected_duration = "about 5 minutes"    # optional, shown before a run
//!
//! [headlines.speedup]                      # ids are yours; kinds: speedup, time, allocations
//! kind = "speedup"                         # candidate against baseline, one scenario
//! section = "parse"
//! scenario = "1 KiB"
//! label = "faster than 1.x"
//!
//! [headlines.parse_time]
//! kind = "time"                            # one series' time ("allocations": its allocations per op)
//! section = "parse"
//! scenario = "1 KiB"
//! series = "new"
//! label = "to parse 1 KiB"
//!
//! [[sections]]
//! id = "parse"                             # names parse.svg, and is its heading's id
//!                                          # ({#parse}); letters, digits, - and _
//! part = "New against old"                 # optional ## heading, shown when it changes
//! title = "Parse"
//! caption = "Time to parse a document, lower is better"
//! text = "Markdown after the table."
//! per = "document"                         # "allocations per document" (default "operation")
//! series = [{ id = "old", label = "1.x" }, { id = "new", label = "2.x", colour = "#0072B2" }]
//! candidate = "new"                        # the series the callouts are about
//! baseline = "old"                         # optional; without it, each scenario compares the
//!                                          # candidate with its fastest other series
//! benchmark = "parse/{series}/{scenario}"  # criterion benchmark id pattern
//! scenarios = [
//!   { label = "1 KiB" },                                   # {scenario} = the label
//!   { label = "64 KiB", key = "64k" },                     # {scenario} = the key
//!   { label = "streaming", series = ["new"] },             # only "new" measured: old is "n/a"
//!   { label = "odd one", benchmarks = { old = "legacy/odd" } },  # explicit id for one series
//! ]
//!
//! [[sections]]                             # kind = "latency": percentiles from latency/*.json
//! kind = "latency"                         # (see the latency module); same keys; the chart
//! id = "latency"                           # shows p99, the table p50, p99 and max
//! title = "Job start latency"
//! caption = "Time to start a job, p99, lower is better"
//! series = [{ id = "new", label = "2.x" }, { id = "old", label = "1.x" }]
//! candidate = "new"
//! benchmark = "latency/{series}/{scenario}"
//! measure = "cargo bench -p mylib --bench latency"   # any section: what measures it, for errors
//! scenarios = [{ label = "busy caller" }, { label = "sleeping caller" }]
//!
//! [[sections]]                             # kind = "suite": one table of the suite's benchmarks
//! kind = "suite"
//! id = "suite"
//! part = "2.x's own suite"
//! title = "Every benchmark"
//! intro = "Markdown before the table."
//! rows = [{ benchmark = "parse/new/1 KiB", description = "parse a 1 KiB document" }]
//! ```
//!
//! A suite table shows each benchmark's time and, where the suite counted them, its memory and
//! allocations per operation. Allocation lines appear only for series that have counts.
//!
//! A callout ("5.6× faster") is drawn only where criterion's confidence intervals of the two series do
//! not overlap. A named benchmark without a result is drawn as missing, with a warning; a section none of
//! whose benchmarks has a result is an error that names them and the command that measures them
//! (`measure`, else `[run]`'s), so no empty section is published.
//!
//! # Inputs
//!
//! criterion 0.8's output directory (see [`criterion`]) and, optionally, allocation counts that the
//! suite writes beside it (see [`allocations`] for their format).
//!
//! # Outputs
//!
//! - the Markdown page, marked as generated on its first line;
//! - `<charts>/<section id>.svg`: grouped horizontal bars with value labels (ns/µs/ms/s), confidence
//!   interval whiskers, a legend, the Okabe–Ito colour-blind-safe palette, callouts, `role="img"`,
//!   `<title>` and `<desc>`. Text is drawn as outlines of the bundled DejaVu Sans, so it looks the same
//!   on every machine, with or without fonts;
//! - `<charts>/summary.json`, whose schema is the types of [`summary`]. Only sections of bars are in
//!   it: latency sections and suite tables are on the page alone.

pub mod allocations;
pub mod chart;
pub mod cli;
pub mod compare;
pub mod compare_output;
pub mod criterion;
pub mod environment;
pub mod error;
pub mod format;
pub mod latency;
pub mod mann_whitney;
pub mod markdown;
pub mod noise;
pub mod order;
pub mod outlined_text;
pub mod output;
pub mod page;
pub mod report;
pub mod runner;
pub mod suite_files;
pub mod summary;

use std::path::{Path, PathBuf};

pub use error::{Error, Result};

use allocations::AllocationCounts;
use criterion::CriterionResults;
use environment::Environment;
use outlined_text::Typeface;
use page::Page;
use report::Report;
use summary::Summary;

/// Whether to run the benchmarks before reporting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunPolicy {
    /// Only when there are no results.
    IfMissing,
    /// Always (`--rerun`).
    Always,
    /// Never (`--no-run`): no results is an error.
    Never,
}

/// What to generate from where.
#[derive(Debug, Clone)]
pub struct Options {
    /// The page description.
    pub page: PathBuf,
    /// criterion's output directory; `None` for the default.
    pub criterion_dir: Option<PathBuf>,
    /// Whether to run the benchmarks first.
    pub run: RunPolicy,
    /// A name for the machine (`--machine`): recorded with a run, or shown for results without one.
    pub machine: Option<String>,
}

/// What a run of bench-report did.
#[derive(Debug)]
pub struct Outcome {
    /// The report the files show.
    pub report: Report,
    /// Files written (unchanged ones are left alone and not listed).
    pub written: Vec<PathBuf>,
    /// Every file generated, written or not.
    pub generated: Vec<PathBuf>,
    /// Whether the benchmarks were run.
    pub ran_benchmarks: bool,
}

/// Reads the page description and the results (running the benchmarks if asked or needed), then writes
/// the page, the charts and the summary.
pub fn generate(options: &Options) -> Result<Outcome> {
    let page = Page::load(&options.page)?;
    let page_dir = parent_dir(&options.page);
    let root = workspace_root(&page_dir);
    let lock_file = root.join("Cargo.lock");
    let criterion_dir = options
        .criterion_dir
        .clone()
        .unwrap_or_else(|| default_criterion_dir(&root));
    let hint = rerun_hint(&page);
    let mut results = CriterionResults::open(&criterion_dir, &hint)?;
    let must_run = match options.run {
        RunPolicy::Always => true,
        RunPolicy::IfMissing => results.is_empty(),
        RunPolicy::Never => false,
    };
    if must_run {
        let Some(run) = &page.run else {
            return Err(Error::NoResults {
                dir: criterion_dir,
                hint: format!(
                    "{} names no [run] command: run the criterion benchmarks yourself, or pass --criterion-dir",
                    options.page.display()
                ),
            });
        };
        // Gathered as the run starts, on the machine that runs it; written only once it succeeded.
        let recorded = environment::Recorded::gather(&lock_file, &root, options.machine.clone());
        // Until this run succeeds, the old facts would describe results they no longer match.
        let _ = std::fs::remove_file(Environment::path_in(&criterion_dir));
        runner::run_benchmarks(run, &root, &criterion_dir, benchmark_count(&page))?;
        output::write_all(&[(
            Environment::path_in(&criterion_dir),
            recorded.to_json().into_bytes(),
        )])?;
        results = CriterionResults::open(&criterion_dir, &hint)?;
    }
    if results.is_empty() {
        let hint = if criterion_dir.is_dir() {
            hint
        } else {
            format!(
                "the directory does not exist: pass criterion's output directory with --criterion-dir (or set CRITERION_HOME), or {hint}"
            )
        };
        return Err(Error::NoResults {
            dir: criterion_dir,
            hint,
        });
    }
    let allocations = AllocationCounts::read(&AllocationCounts::dir_in(&criterion_dir), &hint)?;
    if let Some(stale) = Environment::stale(&criterion_dir, criterion::LATEST, &results) {
        return Err(Error::StaleEnvironment {
            stale: stale.to_string(),
        });
    }
    let environment = Environment::read(&criterion_dir, options.machine.clone(), &hint)?;
    let latencies = latency::Latencies::read(&latency::Latencies::dir_in(&criterion_dir), &hint)?;
    let mut report = Report::build(&page, &results, &allocations, &latencies, environment)?;
    if report.method.environment.recorded.is_none() {
        report.warnings.push(format!(
            "{} has no {}: the page says the machine was not recorded{}",
            criterion_dir.display(),
            environment::FILE_NAME,
            if options.machine.is_some() {
                " and names it as --machine says"
            } else {
                " (name it with --machine, or measure with --rerun)"
            }
        ));
    }
    let version = report
        .method
        .environment
        .criterion()
        .unwrap_or_default()
        .to_owned();
    if version.starts_with(|c: char| c.is_ascii_digit())
        && !version.starts_with(&format!("{}.", criterion::TESTED_VERSION))
    {
        report.warnings.push(format!(
            "criterion {version} is locked, but this reader was tested against criterion {} files",
            criterion::TESTED_VERSION
        ));
    }
    let files = render(&page, &page_dir, &report, &source_name(&options.page))?;
    let generated = files.iter().map(|(path, _)| path.clone()).collect();
    let written = output::write_all(&files)?;
    Ok(Outcome {
        report,
        written,
        generated,
        ran_benchmarks: must_run,
    })
}

/// Every generated file and its contents: the page, one SVG per section, the summary.
pub fn render(
    page: &Page,
    page_dir: &Path,
    report: &Report,
    source: &str,
) -> Result<Vec<(PathBuf, Vec<u8>)>> {
    let typeface = Typeface::bundled();
    let markdown_path = page_dir.join(&page.output.markdown);
    let charts_dir = page_dir.join(&page.output.charts);
    let href = relative(&parent_dir(&markdown_path), &charts_dir);
    let mut files = vec![(
        markdown_path,
        markdown::page(report, &href, source).into_bytes(),
    )];
    for section in &report.sections {
        let chart = chart::render(section, &typeface)?;
        files.push((
            charts_dir.join(format!("{}.svg", section.id)),
            chart.svg.into_bytes(),
        ));
    }
    files.push((
        charts_dir.join(&page.output.summary),
        Summary::of(report).to_json().into_bytes(),
    ));
    Ok(files)
}

fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
        _ => PathBuf::from("."),
    }
}

/// The nearest directory at or above `dir` that holds a `Cargo.lock`, else `dir`.
pub(crate) fn workspace_root(dir: &Path) -> PathBuf {
    let absolute = std::path::absolute(dir).unwrap_or_else(|_| dir.to_owned());
    absolute
        .ancestors()
        .find(|d| d.join("Cargo.lock").is_file())
        .map_or(absolute.clone(), Path::to_owned)
}

/// Where criterion writes by default: `$CRITERION_HOME`, `$CARGO_TARGET_DIR/criterion`, `target/criterion`.
pub(crate) fn default_criterion_dir(root: &Path) -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return root.join(target).join("criterion");
    }
    root.join("target").join("criterion")
}

fn rerun_hint(page: &Page) -> String {
    match &page.run {
        Some(run) => format!(
            "measure again with `bench-report --rerun`, which runs `{}`",
            run.display()
        ),
        None => "run the criterion benchmarks again".to_owned(),
    }
}

fn source_name(page: &Path) -> String {
    page.file_name().map_or_else(
        || page.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// How many criterion benchmarks the page names, for the run's progress count (latencies are not
/// criterion's).
fn benchmark_count(page: &Page) -> usize {
    let charted = page
        .sections
        .iter()
        .filter(|section| section.kind == page::ChartKind::Bars)
        .flat_map(|section| {
            section.scenarios.iter().flat_map(move |scenario| {
                section
                    .series
                    .iter()
                    .filter_map(move |series| section.benchmark_id(scenario, series))
            })
        });
    let tabled = page
        .suites
        .iter()
        .flat_map(|suite| suite.rows.iter().map(|row| row.benchmark.clone()));
    charted
        .chain(tabled)
        .collect::<std::collections::HashSet<_>>()
        .len()
}

/// `to` relative to `from`, with `/` separators (both are made absolute first).
fn relative(from: &Path, to: &Path) -> String {
    let absolute =
        |p: &Path| path_clean::clean(std::path::absolute(p).unwrap_or_else(|_| p.to_owned()));
    let relative = pathdiff::diff_paths(absolute(to), absolute(from)).unwrap_or_default();
    let parts: Vec<String> = relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.is_empty() {
        ".".to_owned()
    } else {
        parts.join("/")
    }
}
