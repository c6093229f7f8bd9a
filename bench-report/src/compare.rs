//! `bench-report compare OLD NEW`: two sides, each one or several criterion runs, set side by side,
//! with a verdict per benchmark from a Mann–Whitney U test on their samples, a geometric mean per
//! group, and a regression gate.
//!
//! One run per side sees only the noise inside each run; several runs per side (`main-1,main-2,main-3`)
//! also see the drift between runs, which is what makes runs of the same code look different on a
//! shared machine: a change is then called only where it also separates the sides' runs.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::criterion::{CriterionResults, LATEST, Measurement};
use crate::environment::Environment;
use crate::error::{Error, Result};
use crate::mann_whitney;
use crate::page::Statistic;

/// The significance level a verdict needs unless `--alpha` says otherwise.
pub const DEFAULT_ALPHA: f64 = 0.01;

/// The smallest change, in percent, called faster or slower unless `--threshold` says otherwise: like
/// criterion's noise threshold, a smaller change is no clear difference however significant. 10%,
/// because runs of the same code on a quiet 2-core machine drift by up to 8% between runs, which
/// a test on the samples within each run cannot see (the book's methodology chapter has the A/A check;
/// `bench-report noise` measures a machine's own drift).
pub const DEFAULT_THRESHOLD_PCT: f64 = 10.0;

/// One criterion run, as named on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Run {
    /// A criterion output directory: its latest run (`new/`).
    Directory(PathBuf),
    /// A baseline saved with `--save-baseline NAME` in the criterion directory.
    Baseline(String),
}

impl Run {
    /// An existing directory is a result directory; anything else names a baseline.
    pub fn parse(argument: &str) -> Run {
        if Path::new(argument).is_dir() {
            Run::Directory(argument.into())
        } else {
            Run::Baseline(argument.to_owned())
        }
    }

    /// How the run is named in the output.
    pub fn name(&self) -> String {
        match self {
            Run::Directory(dir) => dir.display().to_string(),
            Run::Baseline(name) => name.clone(),
        }
    }

    /// Where the run's results and recorded facts are, and its name there.
    fn location<'a>(&'a self, criterion_dir: &'a Path) -> (&'a Path, &'a str) {
        match self {
            Run::Directory(dir) => (dir.as_path(), LATEST),
            Run::Baseline(name) => (criterion_dir, name.as_str()),
        }
    }

    /// The facts recorded with the run, and whether its results are newer than them.
    pub fn environment(
        &self,
        criterion_dir: &Path,
        results: &CriterionResults,
    ) -> Result<RunEnvironment> {
        let (dir, run) = self.location(criterion_dir);
        let hint = "record the run's machine with `bench-report record` right after it";
        let environment = Environment::read_run(dir, run, hint)?;
        let mut facts = environment.machine_words();
        if let Some(recorded) = &environment.recorded {
            facts.push_str(&format!(", {}", recorded.date()));
            if let Some(commit) = recorded.commit_words() {
                facts.push_str(&format!(", commit {commit}"));
            }
        }
        Ok(RunEnvironment {
            run: self.name(),
            facts,
            stale: Environment::stale(dir, run, results).map(|stale| stale.to_string()),
        })
    }

    /// The run's results; an error naming the runs that exist when it has none.
    pub fn open(&self, criterion_dir: &Path) -> Result<CriterionResults> {
        let hint = "save a run with `cargo bench -- --save-baseline NAME`, or pass criterion's output directory";
        let (dir, run) = self.location(criterion_dir);
        if !dir.is_dir() {
            return Err(Error::NoResults {
                dir: dir.to_owned(),
                hint: format!(
                    "the directory does not exist; pass criterion's output directory with --criterion-dir, or {hint}"
                ),
            });
        }
        let results = CriterionResults::open_baseline(dir, run, hint)?;
        if results.is_empty() {
            let found = CriterionResults::baselines_words(dir);
            return Err(Error::NoResults {
                dir: dir.to_owned(),
                hint: format!(
                    "`{}` is neither a directory of criterion results nor a baseline saved there (runs found: {found}); {hint}",
                    self.name()
                ),
            });
        }
        Ok(results)
    }
}

/// Where one run was measured, as recorded with it.
#[derive(Debug, Clone, Serialize)]
pub struct RunEnvironment {
    /// The run's name.
    pub run: String,
    /// Machine, date and commit in words, or "machine not recorded".
    pub facts: String,
    /// Why the facts may not be this run's (results written after them), if so.
    pub stale: Option<String>,
}

/// One side of a comparison: one run, or several runs of the same code combined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    /// The runs, in the order given.
    pub runs: Vec<Run>,
}

impl Side {
    /// `main` is one run; `main-1,main-2,main-3` three runs of one side.
    pub fn parse(argument: &str) -> Side {
        Side {
            runs: argument
                .split(',')
                .map(str::trim)
                .filter(|run| !run.is_empty())
                .map(Run::parse)
                .collect(),
        }
    }

    /// One run.
    pub fn one(run: Run) -> Side {
        Side { runs: vec![run] }
    }

    /// How the side is named in the output: its runs joined by commas.
    pub fn name(&self) -> String {
        self.runs
            .iter()
            .map(Run::name)
            .collect::<Vec<_>>()
            .join(",")
    }

    fn open(&self, criterion_dir: &Path) -> Result<Vec<CriterionResults>> {
        if self.runs.is_empty() {
            return Err(Error::Usage(
                "a side of the comparison names no run; give a baseline name, a directory, or several joined by commas".to_owned(),
            ));
        }
        self.runs
            .iter()
            .map(|run| run.open(criterion_dir))
            .collect()
    }

    fn environments(
        &self,
        criterion_dir: &Path,
        results: &[CriterionResults],
    ) -> Result<Vec<RunEnvironment>> {
        self.runs
            .iter()
            .zip(results)
            .map(|(run, results)| run.environment(criterion_dir, results))
            .collect()
    }
}

/// What to compare and how strictly.
#[derive(Debug, Clone)]
pub struct CompareOptions {
    /// The side before the change.
    pub old: Side,
    /// The side after it.
    pub new: Side,
    /// Where baselines are looked up.
    pub criterion_dir: PathBuf,
    /// A difference counts when the test's p-value is below this.
    pub alpha: f64,
    /// ... and the change is at least this many percent.
    pub threshold_pct: f64,
    /// Fail when a benchmark is slower, with significance, by more than this many percent.
    pub fail_on_regression: Option<f64>,
    /// Fail when a benchmark of OLD is missing from NEW.
    pub fail_on_missing: bool,
}

/// Whether a benchmark changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// NEW is faster, with significance.
    Faster,
    /// NEW is slower, with significance.
    Slower,
    /// The samples do not tell the sides apart.
    #[serde(rename = "no clear difference")]
    NoClearDifference,
}

impl Verdict {
    /// "faster", "slower", "no clear difference".
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Faster => "faster",
            Verdict::Slower => "slower",
            Verdict::NoClearDifference => "no clear difference",
        }
    }
}

/// One side's figure of one benchmark.
#[derive(Debug, Clone, Serialize)]
pub struct SideFigure {
    /// The median time per iteration, in nanoseconds: of the one run, or the median of the runs' medians.
    pub ns: f64,
    /// The interval around it, in nanoseconds: criterion's confidence interval of the one run's median,
    /// or, for several runs, the lowest and highest of the runs' medians (their drift). Not symmetric in
    /// general: the output shows both sides of it.
    pub interval_ns: (f64, f64),
    /// Each run's median, in the order the runs were given.
    pub runs_ns: Vec<f64>,
    /// Samples taken, all runs together.
    pub samples: usize,
    /// The rate at `ns`, where the benchmark declared a throughput: "266 MiB/s".
    pub rate: Option<String>,
}

/// One benchmark on both sides.
#[derive(Debug, Clone, Serialize)]
pub struct Change {
    /// criterion's id.
    pub id: String,
    /// Its group: the id up to the first `/`.
    pub group: String,
    /// OLD's figure.
    pub old: SideFigure,
    /// NEW's figure.
    pub new: SideFigure,
    /// `new / old - 1`, in percent: above 0, NEW is slower.
    pub change_pct: f64,
    /// The Mann–Whitney test's two-sided p-value on the per-iteration times of every sample of each side.
    pub p_value: f64,
    /// With several runs on both sides: whether every run of one side is slower than every run of the
    /// other (the drift between runs does not explain the change). `None` with one run on a side.
    pub runs_apart: Option<bool>,
    /// The verdict.
    pub verdict: Verdict,
}

/// The geometric mean of a group's ratios, and what its rows support.
#[derive(Debug, Clone, Serialize)]
pub struct GroupMean {
    /// The group.
    pub group: String,
    /// How many benchmarks it holds on both sides.
    pub benchmarks: usize,
    /// `geomean(new / old) - 1`, in percent.
    pub change_pct: f64,
    /// Faster or slower only when every benchmark of the group got that verdict; otherwise no clear
    /// difference, whatever the mean.
    pub verdict: Verdict,
}

/// The whole comparison.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    /// OLD's name.
    pub old: String,
    /// NEW's name.
    pub new: String,
    /// How many runs each side combines: (old, new).
    pub runs: (usize, usize),
    /// Where each run of each side was measured: (old's, new's).
    pub environments: (Vec<RunEnvironment>, Vec<RunEnvironment>),
    /// The test used.
    pub test: &'static str,
    /// The significance level.
    pub alpha: f64,
    /// The smallest change called faster or slower, in percent.
    pub threshold_pct: f64,
    /// Every benchmark on both sides, in the order criterion ran them in OLD's first run.
    pub benchmarks: Vec<Change>,
    /// One geometric mean per group, in the order of the groups' first benchmarks.
    pub groups: Vec<GroupMean>,
    /// Benchmarks only OLD has (in any of its runs but not in every run of NEW).
    pub only_in_old: Vec<String>,
    /// Benchmarks only NEW has.
    pub only_in_new: Vec<String>,
    /// `--fail-on-regression`'s threshold, if given.
    pub fail_on_regression_pct: Option<f64>,
    /// Whether `--fail-on-missing` was given.
    pub fail_on_missing: bool,
    /// The ids slower, with significance, by more than the gate's threshold.
    pub regressions: Vec<String>,
}

/// The name of the test, as written in the output.
pub const TEST_NAME: &str = "Mann–Whitney U on the per-iteration times of criterion's samples";

impl Comparison {
    /// Reads both sides and compares every benchmark they share.
    pub fn run(options: &CompareOptions) -> Result<Comparison> {
        check_options(options)?;
        let old = options.old.open(&options.criterion_dir)?;
        let new = options.new.open(&options.criterion_dir)?;
        let old_ids = ids_in_every_run(&old);
        let new_ids = ids_in_every_run(&new);
        let mut benchmarks = Vec::new();
        for id in old_ids.iter().filter(|id| new_ids.contains(id)) {
            benchmarks.push(change(id, &old, &new, options)?);
        }
        if benchmarks.is_empty() {
            return Err(Error::Usage(format!(
                "`{}` and `{}` have no benchmark in common ({} and {} benchmarks): compare runs of the same suite",
                options.old.name(),
                options.new.name(),
                old_ids.len(),
                new_ids.len()
            )));
        }
        let regressions = match options.fail_on_regression {
            Some(pct) => benchmarks
                .iter()
                .filter(|c| c.verdict == Verdict::Slower && c.change_pct > pct)
                .map(|c| c.id.clone())
                .collect(),
            None => Vec::new(),
        };
        Ok(Comparison {
            old: options.old.name(),
            new: options.new.name(),
            runs: (old.len(), new.len()),
            environments: (
                options.old.environments(&options.criterion_dir, &old)?,
                options.new.environments(&options.criterion_dir, &new)?,
            ),
            test: TEST_NAME,
            alpha: options.alpha,
            threshold_pct: options.threshold_pct,
            groups: group_means(&benchmarks),
            only_in_old: only_in(&old_ids, &new_ids),
            only_in_new: only_in(&new_ids, &old_ids),
            benchmarks,
            fail_on_regression_pct: options.fail_on_regression,
            fail_on_missing: options.fail_on_missing,
            regressions,
        })
    }

    /// How many benchmarks got each verdict: (faster, slower, no clear difference).
    pub fn counts(&self) -> (usize, usize, usize) {
        let count = |v| self.benchmarks.iter().filter(|c| c.verdict == v).count();
        (
            count(Verdict::Faster),
            count(Verdict::Slower),
            count(Verdict::NoClearDifference),
        )
    }

    /// Why the gate fails, one line each; empty when it passes.
    pub fn gate_failures(&self) -> Vec<String> {
        let mut failures = Vec::new();
        if !self.regressions.is_empty() {
            failures.push(format!(
                "{} slower by more than {}% with significance: {}",
                self.regressions.len(),
                self.fail_on_regression_pct.unwrap_or_default(),
                self.regressions.join(", ")
            ));
        }
        if self.fail_on_missing && !self.only_in_old.is_empty() {
            failures.push(format!(
                "{} benchmarks of `{}` are missing from `{}` (--fail-on-missing): {}",
                self.only_in_old.len(),
                self.old,
                self.new,
                self.only_in_old.join(", ")
            ));
        }
        failures
    }
}

fn check_options(options: &CompareOptions) -> Result<()> {
    if !(options.alpha > 0.0 && options.alpha < 1.0) {
        return Err(Error::Usage(format!(
            "--alpha {} is not a probability between 0 and 1 (exclusive); 0.01 or 0.05 are usual",
            options.alpha
        )));
    }
    if !(options.threshold_pct.is_finite() && options.threshold_pct >= 0.0) {
        return Err(Error::Usage(format!(
            "--threshold {} is not a percentage of 0 or more; e.g. 2 calls changes under 2% no clear difference",
            options.threshold_pct
        )));
    }
    if let Some(pct) = options.fail_on_regression {
        if !(pct.is_finite() && pct >= 0.0) {
            return Err(Error::Usage(format!(
                "--fail-on-regression {pct} is not a percentage of 0 or more; e.g. 5 fails on a benchmark 5% slower"
            )));
        }
        if pct < options.threshold_pct {
            return Err(Error::Usage(format!(
                "--fail-on-regression {pct} is below the threshold in force ({}%): a change under {}% is called no clear difference, so the gate could not see it; pass --threshold {pct} too (and check that your machine's drift is below it with `bench-report noise`), or gate at {}",
                options.threshold_pct, options.threshold_pct, options.threshold_pct
            )));
        }
    }
    Ok(())
}

/// The ids every run of a side has, in the order criterion ran them in the side's first run.
fn ids_in_every_run(runs: &[CriterionResults]) -> Vec<String> {
    let (first, rest) = runs.split_first().expect("a side has a run");
    first
        .ids_in_run_order()
        .into_iter()
        .filter(|id| rest.iter().all(|run| run.has(id)))
        .map(str::to_owned)
        .collect()
}

fn side_figure(id: &str, runs: &[CriterionResults]) -> Result<(SideFigure, Vec<f64>)> {
    let mut medians = Vec::with_capacity(runs.len());
    let mut samples = Vec::new();
    let mut only: Option<Measurement> = None;
    let mut throughput = None;
    for run in runs {
        let measurement = run
            .measurement(id, Statistic::Median)?
            .expect("the id is in every run of the side");
        medians.push(measurement.point_ns);
        throughput = throughput.or(measurement.throughput);
        samples.extend(
            run.per_iteration_times(id)?
                .expect("the id is in every run of the side"),
        );
        only = Some(measurement);
    }
    let figure = match (runs.len(), only) {
        (1, Some(measurement)) => SideFigure {
            ns: measurement.point_ns,
            interval_ns: (measurement.lower_ns, measurement.upper_ns),
            runs_ns: medians,
            samples: samples.len(),
            rate: throughput.map(|t| t.rate(measurement.point_ns)),
        },
        _ => {
            let low = medians.iter().copied().fold(f64::INFINITY, f64::min);
            let high = medians.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let ns = median(&medians);
            SideFigure {
                ns,
                interval_ns: (low, high),
                runs_ns: medians,
                samples: samples.len(),
                rate: throughput.map(|t| t.rate(ns)),
            }
        }
    };
    Ok((figure, samples))
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    if sorted.len() % 2 == 1 {
        sorted[middle]
    } else {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    }
}

fn change(
    id: &str,
    old: &[CriterionResults],
    new: &[CriterionResults],
    options: &CompareOptions,
) -> Result<Change> {
    let (old_figure, old_samples) = side_figure(id, old)?;
    let (new_figure, new_samples) = side_figure(id, new)?;
    let test = mann_whitney::test(&old_samples, &new_samples);
    let change_pct = 100.0 * (new_figure.ns / old_figure.ns - 1.0);
    let runs_apart = (old.len() > 1 && new.len() > 1).then(|| {
        let max = |runs: &[f64]| runs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let min = |runs: &[f64]| runs.iter().copied().fold(f64::INFINITY, f64::min);
        min(&new_figure.runs_ns) > max(&old_figure.runs_ns)
            || max(&new_figure.runs_ns) < min(&old_figure.runs_ns)
    });
    let verdict = if test.p_value >= options.alpha
        || change_pct.abs() < options.threshold_pct
        || runs_apart == Some(false)
    {
        Verdict::NoClearDifference
    } else if change_pct > 0.0 {
        Verdict::Slower
    } else {
        Verdict::Faster
    };
    Ok(Change {
        id: id.to_owned(),
        group: group_of(id).to_owned(),
        old: old_figure,
        new: new_figure,
        change_pct,
        p_value: test.p_value,
        runs_apart,
        verdict,
    })
}

fn group_of(id: &str) -> &str {
    id.split_once('/').map_or(id, |(group, _)| group)
}

fn group_means(benchmarks: &[Change]) -> Vec<GroupMean> {
    let mut groups: Vec<&str> = Vec::new();
    for change in benchmarks {
        if !groups.contains(&change.group.as_str()) {
            groups.push(&change.group);
        }
    }
    groups
        .into_iter()
        .map(|group| {
            let members: Vec<&Change> = benchmarks.iter().filter(|c| c.group == group).collect();
            let log_mean = members
                .iter()
                .map(|c| (c.new.ns / c.old.ns).ln())
                .sum::<f64>()
                / members.len() as f64;
            let first = members[0].verdict;
            let verdict = if members.iter().all(|c| c.verdict == first) {
                first
            } else {
                Verdict::NoClearDifference
            };
            GroupMean {
                group: group.to_owned(),
                benchmarks: members.len(),
                change_pct: 100.0 * (log_mean.exp() - 1.0),
                verdict,
            }
        })
        .collect()
}

fn only_in(these: &[String], not_those: &[String]) -> Vec<String> {
    these
        .iter()
        .filter(|id| !not_those.contains(id))
        .cloned()
        .collect()
}
