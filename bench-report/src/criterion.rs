//! Reads the results criterion 0.8 writes under its output directory (`target/criterion` by default).
//!
//! criterion documents these files as private, so this reader is tested against files criterion 0.8.2
//! wrote (`tests/fixtures/criterion-0.8.2`). For every benchmark criterion keeps a directory whose `new/`
//! holds `benchmark.json` (the benchmark's id), `estimates.json` (point estimates with confidence
//! intervals, in nanoseconds per iteration) and `sample.json` (the samples taken).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::error::{Error, Result};
use crate::page::Statistic;

/// The directory name of criterion's latest run of a benchmark.
pub const LATEST: &str = "new";

/// The criterion version whose files this reader was tested against.
pub const TESTED_VERSION: &str = "0.8";

/// The benchmarks found in a criterion output directory, by full id (e.g. `group/function/value`).
#[derive(Debug)]
pub struct CriterionResults {
    dir: PathBuf,
    measurements: HashMap<String, PathBuf>,
    throughputs: HashMap<String, Throughput>,
    /// When each benchmark's `benchmark.json` was written: criterion writes it as the benchmark runs.
    written: HashMap<String, Option<std::time::SystemTime>>,
    rerun_hint: String,
}

/// One benchmark's figure: the chosen estimate, in nanoseconds per iteration, with its confidence interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measurement {
    /// The point estimate.
    pub point_ns: f64,
    /// Lower bound of the confidence interval.
    pub lower_ns: f64,
    /// Upper bound of the confidence interval.
    pub upper_ns: f64,
    /// The interval's confidence level, e.g. 0.95.
    pub confidence_level: f64,
    /// How many samples criterion took.
    pub samples: usize,
    /// The estimate actually quoted (the slope falls back to the mean in flat sampling mode).
    pub statistic: Statistic,
    /// What one iteration processes, where the benchmark declared it (`Throughput::Bytes` and kin).
    pub throughput: Option<Throughput>,
}

/// What one iteration of a benchmark processes, as criterion records it in `benchmark.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Throughput {
    /// Bytes, shown in binary units (KiB/s, MiB/s, GiB/s).
    Bytes(u64),
    /// Bytes, shown in decimal units (KB/s, MB/s, GB/s).
    BytesDecimal(u64),
    /// Elements, shown as elements per second.
    Elements(u64),
}

impl Throughput {
    /// The rate at `ns` per iteration: "266 MiB/s", "1.23 GB/s", "850.2 M elements/s".
    ///
    /// ```
    /// use bench_report::criterion::Throughput;
    /// assert_eq!(Throughput::Bytes(1024 * 1024).rate(1e6), "1000 MiB/s");
    /// assert_eq!(Throughput::Elements(1000).rate(500.0), "2.00 G elements/s");
    /// ```
    pub fn rate(&self, ns: f64) -> String {
        let per_second = |amount: u64| amount as f64 * 1e9 / ns;
        let scaled = |value: f64, base: f64, units: [&str; 4]| {
            let mut value = value;
            let mut unit = 0;
            while value >= base && unit < units.len() - 1 {
                value /= base;
                unit += 1;
            }
            let digits = if value < 10.0 {
                format!("{value:.2}")
            } else if value < 100.0 {
                format!("{value:.1}")
            } else {
                format!("{value:.0}")
            };
            format!("{digits} {}", units[unit])
        };
        match *self {
            Throughput::Bytes(bytes) => scaled(
                per_second(bytes),
                1024.0,
                ["B/s", "KiB/s", "MiB/s", "GiB/s"],
            ),
            Throughput::BytesDecimal(bytes) => {
                scaled(per_second(bytes), 1000.0, ["B/s", "KB/s", "MB/s", "GB/s"])
            }
            Throughput::Elements(elements) => scaled(
                per_second(elements),
                1000.0,
                ["elements/s", "K elements/s", "M elements/s", "G elements/s"],
            ),
        }
    }

    /// Reads criterion's `"throughput"` value (`{"Bytes": 1024}`); another kind is not shown.
    fn from_json(value: &serde_json::Value) -> Option<Throughput> {
        let (kind, amount) = value.as_object()?.iter().next()?;
        let amount = amount.as_u64()?;
        match kind.as_str() {
            "Bytes" => Some(Throughput::Bytes(amount)),
            "BytesDecimal" => Some(Throughput::BytesDecimal(amount)),
            "Elements" => Some(Throughput::Elements(amount)),
            _ => None,
        }
    }
}

impl Measurement {
    /// Half the interval's width relative to the point estimate, in percent (benchstat's "± x%").
    pub fn spread_pct(&self) -> f64 {
        let half = (self.upper_ns - self.point_ns).max(self.point_ns - self.lower_ns);
        100.0 * half / self.point_ns
    }

    /// Whether the two confidence intervals overlap (then a difference is not established).
    pub fn overlaps(&self, other: &Measurement) -> bool {
        self.lower_ns <= other.upper_ns && other.lower_ns <= self.upper_ns
    }
}

#[derive(Deserialize)]
struct BenchmarkFile {
    full_id: String,
    #[serde(default)]
    throughput: serde_json::Value,
}

#[derive(Deserialize)]
struct EstimatesFile {
    mean: Estimate,
    median: Estimate,
    slope: Option<Estimate>,
}

#[derive(Deserialize)]
struct Estimate {
    confidence_interval: ConfidenceInterval,
    point_estimate: f64,
}

#[derive(Deserialize)]
struct ConfidenceInterval {
    confidence_level: f64,
    lower_bound: f64,
    upper_bound: f64,
}

#[derive(Deserialize)]
struct SampleFile {
    iters: Vec<f64>,
    times: Vec<f64>,
}

impl CriterionResults {
    /// Finds every benchmark of the latest run under `dir` (criterion's `new/` directories).
    /// `rerun_hint` says what to run when a file is missing or corrupt.
    pub fn open(dir: &Path, rerun_hint: &str) -> Result<CriterionResults> {
        CriterionResults::open_baseline(dir, LATEST, rerun_hint)
    }

    /// Finds every benchmark of the run saved as `baseline` under `dir` (criterion's
    /// `--save-baseline NAME` keeps it in `NAME/` beside `new/`).
    pub fn open_baseline(dir: &Path, baseline: &str, rerun_hint: &str) -> Result<CriterionResults> {
        let mut results = CriterionResults {
            dir: dir.to_owned(),
            measurements: HashMap::new(),
            throughputs: HashMap::new(),
            written: HashMap::new(),
            rerun_hint: rerun_hint.to_owned(),
        };
        if !dir.is_dir() {
            return Ok(results);
        }
        let walker = ignore::WalkBuilder::new(dir)
            .standard_filters(false)
            .sort_by_file_path(|a, b| a.cmp(b))
            .build();
        for entry in walker {
            let entry = entry.map_err(|e| results.file_error(dir, e.to_string()))?;
            let path = entry.path();
            let in_new = path
                .parent()
                .and_then(Path::file_name)
                .is_some_and(|name| name == baseline);
            if !in_new || path.file_name().is_none_or(|name| name != "benchmark.json") {
                continue;
            }
            let benchmark: BenchmarkFile = results.read_json(path)?;
            let measurement_dir = path
                .parent()
                .expect("benchmark.json has a parent")
                .to_owned();
            let written = std::fs::metadata(path).and_then(|m| m.modified()).ok();
            results
                .written
                .entry(benchmark.full_id.clone())
                .or_insert(written);
            if let Some(throughput) = Throughput::from_json(&benchmark.throughput) {
                results
                    .throughputs
                    .entry(benchmark.full_id.clone())
                    .or_insert(throughput);
            }
            results
                .measurements
                .entry(benchmark.full_id)
                .or_insert(measurement_dir);
        }
        Ok(results)
    }

    /// The names of the runs kept under `dir`: `new` and every saved baseline, sorted.
    pub fn baselines(dir: &Path) -> Vec<String> {
        let walker = ignore::WalkBuilder::new(dir)
            .standard_filters(false)
            .build();
        let mut names: Vec<String> = walker
            .filter_map(|entry| entry.ok())
            .filter(|entry| entry.file_name() == "benchmark.json")
            .filter_map(|entry| {
                let run = entry.path().parent()?.file_name()?;
                Some(run.to_string_lossy().into_owned())
            })
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    /// The runs kept under `dir` in words, for an error: "a1, a2, new", or "none".
    pub fn baselines_words(dir: &Path) -> String {
        let found = CriterionResults::baselines(dir);
        if found.is_empty() {
            "none".to_owned()
        } else {
            found.join(", ")
        }
    }

    /// The directory that was read.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether no benchmark was found.
    pub fn is_empty(&self) -> bool {
        self.measurements.is_empty()
    }

    /// The ids of every benchmark found, sorted.
    pub fn ids(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = self.measurements.keys().map(String::as_str).collect();
        ids.sort_unstable();
        ids
    }

    /// The most recently written result, and when: what a run's recorded facts must not be older than.
    pub fn newest_written(&self) -> Option<(std::time::SystemTime, &str)> {
        self.written
            .iter()
            .filter_map(|(id, written)| Some(((*written)?, id.as_str())))
            .max()
    }

    /// Whether benchmark `id` has a result.
    pub fn has(&self, id: &str) -> bool {
        self.measurements.contains_key(id)
    }

    /// The ids of every benchmark found, in the order criterion ran them (when its files were written);
    /// files written at one instant, as a copy or a checkout may leave them, in [`natural_cmp`]'s order.
    ///
    /// [`natural_cmp`]: crate::order::natural_cmp
    pub fn ids_in_run_order(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = self.measurements.keys().map(String::as_str).collect();
        ids.sort_by(|a, b| {
            self.written[*a]
                .cmp(&self.written[*b])
                .then_with(|| crate::order::natural_cmp(a, b))
        });
        ids
    }

    /// The figure of benchmark `id`, or `None` when criterion has no result for it.
    /// A missing or corrupt `estimates.json` or `sample.json` is an error naming the file.
    pub fn measurement(&self, id: &str, statistic: Statistic) -> Result<Option<Measurement>> {
        let Some(dir) = self.measurements.get(id) else {
            return Ok(None);
        };
        let estimates_path = dir.join("estimates.json");
        let estimates: EstimatesFile = self.read_json(&estimates_path)?;
        let sample_path = dir.join("sample.json");
        let sample: SampleFile = self.read_json(&sample_path)?;
        if sample.iters.is_empty() || sample.iters.len() != sample.times.len() {
            return Err(self.file_error(
                &sample_path,
                "its `iters` and `times` are empty or of different lengths".into(),
            ));
        }
        let (estimate, statistic) = match (statistic, &estimates.slope) {
            (Statistic::Median, _) => (&estimates.median, Statistic::Median),
            (Statistic::Slope, Some(slope)) => (slope, Statistic::Slope),
            (Statistic::Mean | Statistic::Slope, _) => (&estimates.mean, Statistic::Mean),
        };
        let interval = &estimate.confidence_interval;
        let sane = [
            estimate.point_estimate,
            interval.lower_bound,
            interval.upper_bound,
        ]
        .iter()
        .all(|v| v.is_finite() && *v > 0.0)
            && interval.lower_bound <= estimate.point_estimate
            && estimate.point_estimate <= interval.upper_bound
            && interval.confidence_level > 0.0
            && interval.confidence_level < 1.0;
        if !sane {
            return Err(self.file_error(
                &estimates_path,
                format!(
                    "its {} estimate is not a positive time inside its confidence interval",
                    statistic.name()
                ),
            ));
        }
        Ok(Some(Measurement {
            point_ns: estimate.point_estimate,
            lower_ns: interval.lower_bound,
            upper_ns: interval.upper_bound,
            confidence_level: interval.confidence_level,
            samples: sample.iters.len(),
            statistic,
            throughput: self.throughputs.get(id).copied(),
        }))
    }

    /// The time per iteration of each of benchmark `id`'s samples, in nanoseconds (criterion's
    /// `sample.json`: each sample's total time over its iteration count), or `None` without a result.
    pub fn per_iteration_times(&self, id: &str) -> Result<Option<Vec<f64>>> {
        let Some(dir) = self.measurements.get(id) else {
            return Ok(None);
        };
        let sample_path = dir.join("sample.json");
        let sample: SampleFile = self.read_json(&sample_path)?;
        let times: Vec<f64> = sample
            .times
            .iter()
            .zip(&sample.iters)
            .map(|(time, iters)| time / iters)
            .collect();
        let sane = !times.is_empty()
            && sample.iters.len() == sample.times.len()
            && times.iter().all(|t| t.is_finite() && *t >= 0.0);
        if !sane {
            return Err(self.file_error(
                &sample_path,
                "its `iters` and `times` are empty, of different lengths, or not positive times"
                    .into(),
            ));
        }
        Ok(Some(times))
    }

    fn read_json<T: DeserializeOwned>(&self, path: &Path) -> Result<T> {
        let text =
            std::fs::read_to_string(path).map_err(|e| self.file_error(path, e.to_string()))?;
        serde_json::from_str(&text).map_err(|e| {
            self.file_error(
                path,
                format!("it is not a criterion {TESTED_VERSION} results file ({e})"),
            )
        })
    }

    fn file_error(&self, path: &Path, reason: String) -> Error {
        Error::ResultsFile {
            path: path.to_owned(),
            reason,
            hint: self.rerun_hint.clone(),
        }
    }
}
