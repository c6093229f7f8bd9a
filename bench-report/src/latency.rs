//! Reads the job-start latencies a suite records beside criterion's results.
//!
//! criterion reports a mean time per iteration, which hides the tail; a suite that times each job's
//! start writes percentiles to `<criterion dir>/latency/*.json`, one file per bench binary:
//!
//! ```json
//! { "version": 1,
//!   "benchmarks": { "latency/fast/busy caller": { "p50_ns": 180.0, "p99_ns": 2400.0,
//!                                               "max_ns": 91000.0, "samples": 100000 } } }
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::suite_files;

/// One benchmark's latency percentiles, in nanoseconds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Latency {
    /// The median.
    pub p50_ns: f64,
    /// The 99th percentile.
    pub p99_ns: f64,
    /// The largest seen.
    pub max_ns: f64,
    /// How many latencies were measured.
    pub samples: u64,
}

/// Every latency found, by benchmark id.
#[derive(Debug, Default)]
pub struct Latencies {
    latencies: HashMap<String, Latency>,
}

impl Latencies {
    /// The directory holding the files, inside a criterion output directory.
    pub fn dir_in(criterion_dir: &Path) -> PathBuf {
        criterion_dir.join("latency")
    }

    /// Reads every `*.json` in `dir` (none if `dir` does not exist). A corrupt file is an error naming it.
    pub fn read(dir: &Path, rerun_hint: &str) -> Result<Latencies> {
        let latencies = suite_files::read(dir, "a latency file", rerun_hint, |l: &Latency| {
            let values = [l.p50_ns, l.p99_ns, l.max_ns];
            let valid = values.iter().all(|v| v.is_finite() && *v >= 0.0)
                && l.p50_ns <= l.p99_ns
                && l.p99_ns <= l.max_ns
                && l.samples > 0;
            (!valid).then(|| {
                "its percentiles are negative, not numbers, out of order (p50 ≤ p99 ≤ max), or of zero samples"
                    .to_owned()
            })
        })?;
        Ok(Latencies { latencies })
    }

    /// The latencies of benchmark `id`.
    pub fn get(&self, id: &str) -> Option<Latency> {
        self.latencies.get(id).copied()
    }
}
