//! `bench-report compare OLD NEW`: two criterion runs side by side, with a verdict per benchmark from
//! a Mann–Whitney U test on their samples, a geometric mean per group, and a regression gate.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::criterion::{CriterionResults, LATEST, Measurement};
use crate::error::{Error, Result};
use crate::mann_whitney;
use crate::page::Statistic;

/// The significance level a verdict needs unless `--alpha` says otherwise.
pub const DEFAULT_ALPHA: f64 = 0.01;

/// The smallest change, in percent, called faster or slower unless `--threshold` says otherwise: like
/// criterion's noise threshold, a smaller change is no clear difference however significant. 10%,
/// because runs of the same code on a quiet 2-core machine drift by up to 8% between runs, which
/// a test on the samples within each run cannot see (the book's methodology chapter has the A/A check).
pub const DEFAULT_THRESHOLD_PCT: f64 = 10.0;

/// One side of a comparison, as given on the command line.
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

    fn open(&self, criterion_dir: &Path) -> Result<CriterionResults> {
        let hint = "save a run with `cargo bench -- --save-baseline NAME`, or pass criterion's output directory";
        let (dir, run) = match self {
            Run::Directory(dir) => (dir.as_path(), LATEST),
            Run::Baseline(name) => (criterion_dir, name.as_str()),
        };
        let results = CriterionResults::open_baseline(dir, run, hint)?;
        if results.is_empty() {
            let found = CriterionResults::baselines(dir);
            let found = if found.is_empty() {
                "none".to_owned()
            } else {
                found.join(", ")
            };
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

/// What to compare and how strictly.
#[derive(Debug, Clone)]
pub struct CompareOptions {
    /// The run before the change.
    pub old: Run,
    /// The run after it.
    pub new: Run,
    /// Where baselines are looked up.
    pub criterion_dir: PathBuf,
    /// A difference counts when the test's p-value is below this.
    pub alpha: f64,
    /// ... and the change is at least this many percent.
    pub threshold_pct: f64,
    /// Fail when a benchmark is slower, with significance, by more than this many percent.
    pub fail_on_regression: Option<f64>,
}

/// Whether a benchmark changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// NEW is faster, with significance.
    Faster,
    /// NEW is slower, with significance.
    Slower,
    /// The samples do not tell the runs apart.
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

/// One benchmark in both runs.
#[derive(Debug, Clone, Serialize)]
pub struct Change {
    /// criterion's id.
    pub id: String,
    /// Its group: the id up to the first `/`.
    pub group: String,
    /// OLD's median time per iteration, in nanoseconds.
    pub old_ns: f64,
    /// NEW's median time per iteration, in nanoseconds.
    pub new_ns: f64,
    /// Half the width of OLD's confidence interval, in percent of its median.
    pub old_spread_pct: f64,
    /// The same for NEW.
    pub new_spread_pct: f64,
    /// `new / old - 1`, in percent: above 0, NEW is slower.
    pub change_pct: f64,
    /// The Mann–Whitney test's two-sided p-value on the per-iteration times of the two runs' samples.
    pub p_value: f64,
    /// Samples in OLD and in NEW.
    pub samples: (usize, usize),
    /// The verdict at the comparison's alpha.
    pub verdict: Verdict,
}

/// The geometric mean of a group's ratios.
#[derive(Debug, Clone, Serialize)]
pub struct GroupMean {
    /// The group.
    pub group: String,
    /// How many benchmarks it holds in both runs.
    pub benchmarks: usize,
    /// `geomean(new / old) - 1`, in percent.
    pub change_pct: f64,
}

/// The whole comparison.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    /// OLD's name.
    pub old: String,
    /// NEW's name.
    pub new: String,
    /// The test used.
    pub test: &'static str,
    /// The significance level.
    pub alpha: f64,
    /// The smallest change called faster or slower, in percent.
    pub threshold_pct: f64,
    /// Every benchmark in both runs, sorted by id.
    pub benchmarks: Vec<Change>,
    /// One geometric mean per group, sorted.
    pub groups: Vec<GroupMean>,
    /// Benchmarks only OLD has.
    pub only_in_old: Vec<String>,
    /// Benchmarks only NEW has.
    pub only_in_new: Vec<String>,
    /// `--fail-on-regression`'s threshold, if given.
    pub fail_on_regression_pct: Option<f64>,
    /// The ids slower, with significance, by more than the threshold.
    pub regressions: Vec<String>,
}

/// The name of the test, as written in the output.
pub const TEST_NAME: &str = "Mann–Whitney U on the per-iteration times of criterion's samples";

impl Comparison {
    /// Reads both runs and compares every benchmark they share.
    pub fn run(options: &CompareOptions) -> Result<Comparison> {
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
        if let Some(pct) = options.fail_on_regression
            && !(pct.is_finite() && pct >= 0.0)
        {
            return Err(Error::Usage(format!(
                "--fail-on-regression {pct} is not a percentage of 0 or more; e.g. 5 fails on a benchmark 5% slower"
            )));
        }
        let old = options.old.open(&options.criterion_dir)?;
        let new = options.new.open(&options.criterion_dir)?;
        let old_ids = old.ids();
        let new_ids = new.ids();
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
            test: TEST_NAME,
            alpha: options.alpha,
            threshold_pct: options.threshold_pct,
            groups: group_means(&benchmarks),
            only_in_old: only_in(&old_ids, &new_ids),
            only_in_new: only_in(&new_ids, &old_ids),
            benchmarks,
            fail_on_regression_pct: options.fail_on_regression,
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
}

fn change(
    id: &str,
    old: &CriterionResults,
    new: &CriterionResults,
    options: &CompareOptions,
) -> Result<Change> {
    let figure = |results: &CriterionResults| -> Result<(Measurement, Vec<f64>)> {
        let measurement = results
            .measurement(id, Statistic::Median)?
            .expect("the id was found in this run");
        let samples = results
            .per_iteration_times(id)?
            .expect("the id was found in this run");
        Ok((measurement, samples))
    };
    let (old_figure, old_samples) = figure(old)?;
    let (new_figure, new_samples) = figure(new)?;
    let test = mann_whitney::test(&old_samples, &new_samples);
    let change_pct = 100.0 * (new_figure.point_ns / old_figure.point_ns - 1.0);
    let verdict = if test.p_value >= options.alpha || change_pct.abs() < options.threshold_pct {
        Verdict::NoClearDifference
    } else if change_pct > 0.0 {
        Verdict::Slower
    } else {
        Verdict::Faster
    };
    Ok(Change {
        id: id.to_owned(),
        group: group_of(id).to_owned(),
        old_ns: old_figure.point_ns,
        new_ns: new_figure.point_ns,
        old_spread_pct: old_figure.spread_pct(),
        new_spread_pct: new_figure.spread_pct(),
        change_pct,
        p_value: test.p_value,
        samples: (old_samples.len(), new_samples.len()),
        verdict,
    })
}

fn group_of(id: &str) -> &str {
    id.split_once('/').map_or(id, |(group, _)| group)
}

fn group_means(benchmarks: &[Change]) -> Vec<GroupMean> {
    let mut groups: Vec<&str> = benchmarks.iter().map(|c| c.group.as_str()).collect();
    groups.dedup();
    groups.sort_unstable();
    groups.dedup();
    groups
        .into_iter()
        .map(|group| {
            let ratios: Vec<f64> = benchmarks
                .iter()
                .filter(|c| c.group == group)
                .map(|c| (c.new_ns / c.old_ns).ln())
                .collect();
            let mean = (ratios.iter().sum::<f64>() / ratios.len() as f64).exp();
            GroupMean {
                group: group.to_owned(),
                benchmarks: ratios.len(),
                change_pct: 100.0 * (mean - 1.0),
            }
        })
        .collect()
}

fn only_in(these: &[&str], not_those: &[&str]) -> Vec<String> {
    these
        .iter()
        .filter(|id| !not_those.contains(id))
        .map(|id| (*id).to_owned())
        .collect()
}
