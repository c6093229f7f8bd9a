//! `bench-report noise RUN RUN...`: an A/A check. Runs of the same code, compared pair by pair, should
//! show no change; how far they drift anyway is the smallest change `compare` can trust here.

use std::path::PathBuf;

use serde::Serialize;

use crate::compare::{CompareOptions, Comparison, Run, Side};
use crate::error::{Error, Result};

/// Which runs to check and at what settings.
#[derive(Debug, Clone)]
pub struct NoiseOptions {
    /// Two or more runs of the same code.
    pub runs: Vec<Run>,
    /// Where baselines are looked up.
    pub criterion_dir: PathBuf,
    /// The significance level `compare` will use.
    pub alpha: f64,
    /// The threshold to count false alarms at.
    pub threshold_pct: f64,
}

/// One benchmark's drift across the runs.
#[derive(Debug, Clone, Serialize)]
pub struct Drift {
    /// criterion's id.
    pub id: String,
    /// The largest change between two of the runs, in percent of the earlier run's median (absolute).
    pub largest_pct: f64,
    /// The two runs that differ most.
    pub between: (String, String),
}

/// The A/A check's outcome.
#[derive(Debug, Clone, Serialize)]
pub struct Noise {
    /// The runs, as named.
    pub runs: Vec<String>,
    /// Per benchmark (those every run has), in criterion's order.
    pub benchmarks: Vec<Drift>,
    /// The largest drift of any benchmark, in percent.
    pub largest_pct: f64,
    /// Pairs of runs compared × benchmarks.
    pub comparisons: usize,
    /// Of those, how many `compare` called faster or slower at `threshold_pct`: false alarms.
    pub false_alarms: usize,
    /// The threshold the alarms were counted at.
    pub threshold_pct: f64,
    /// The smallest whole percentage above every drift seen: a `--threshold` under which none of these
    /// pairs would have been called a change.
    pub suggested_threshold_pct: f64,
}

impl Noise {
    /// Compares every pair of the runs.
    pub fn measure(options: &NoiseOptions) -> Result<Noise> {
        if options.runs.len() < 2 {
            return Err(Error::Usage(
                "noise needs two or more runs of the same code, e.g. `cargo bench -- --save-baseline a1` twice with a1 and a2".to_owned(),
            ));
        }
        let mut benchmarks: Vec<Drift> = Vec::new();
        let mut comparisons = 0;
        let mut false_alarms = 0;
        for (i, old) in options.runs.iter().enumerate() {
            for new in &options.runs[i + 1..] {
                let comparison = Comparison::run(&CompareOptions {
                    old: Side::one(old.clone()),
                    new: Side::one(new.clone()),
                    criterion_dir: options.criterion_dir.clone(),
                    alpha: options.alpha,
                    threshold_pct: options.threshold_pct,
                    fail_on_regression: None,
                    fail_on_missing: false,
                })?;
                let (faster, slower, _) = comparison.counts();
                false_alarms += faster + slower;
                comparisons += comparison.benchmarks.len();
                for change in &comparison.benchmarks {
                    let drift = change.change_pct.abs();
                    match benchmarks.iter_mut().find(|d| d.id == change.id) {
                        Some(known) if known.largest_pct >= drift => {}
                        Some(known) => {
                            known.largest_pct = drift;
                            known.between = (old.name(), new.name());
                        }
                        None => benchmarks.push(Drift {
                            id: change.id.clone(),
                            largest_pct: drift,
                            between: (old.name(), new.name()),
                        }),
                    }
                }
            }
        }
        let largest_pct = benchmarks.iter().map(|d| d.largest_pct).fold(0.0, f64::max);
        Ok(Noise {
            runs: options.runs.iter().map(Run::name).collect(),
            benchmarks,
            largest_pct,
            comparisons,
            false_alarms,
            threshold_pct: options.threshold_pct,
            suggested_threshold_pct: largest_pct.floor() + 1.0,
        })
    }
}
