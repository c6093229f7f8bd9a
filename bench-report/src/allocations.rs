//! Reads the allocation counts a benchmark suite records beside criterion's results.
//!
//! criterion measures time only, so a suite that counts allocations (with a counting global allocator)
//! writes them to `<criterion dir>/allocations/*.json`, one file per benchmark binary:
//!
//! ```json
//! { "version": 1,
//!   "benchmarks": { "group/function": { "allocs_per_op": 1.0, "bytes_per_op": 16.0, "ops": 20000,
//!                                        "peak_bytes": null } } }
//! ```
//!
//! `ops` is how many operations (criterion iterations) were counted; `peak_bytes`, optional, is the most
//! heap memory held at once while they ran, above what was held before.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::suite_files;

/// The format version this reader understands.
pub const FORMAT_VERSION: u32 = suite_files::FORMAT_VERSION;

/// One benchmark's allocation counts.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Allocations {
    /// Allocations per operation.
    pub allocs_per_op: f64,
    /// Bytes allocated per operation.
    pub bytes_per_op: f64,
    /// Operations counted.
    pub ops: u64,
    /// Peak heap bytes held at once while counting, above the starting point.
    #[serde(default)]
    pub peak_bytes: Option<u64>,
}

/// Every allocation count found, by benchmark id.
#[derive(Debug, Default)]
pub struct AllocationCounts {
    counts: HashMap<String, Allocations>,
    dir: PathBuf,
}

impl AllocationCounts {
    /// The directory holding the files, inside a criterion output directory.
    pub fn dir_in(criterion_dir: &Path) -> PathBuf {
        criterion_dir.join("allocations")
    }

    /// Reads every `*.json` in `dir` (none if `dir` does not exist). A corrupt file is an error naming it.
    pub fn read(dir: &Path, rerun_hint: &str) -> Result<AllocationCounts> {
        let counts = suite_files::read(
            dir,
            "an allocation-count file",
            rerun_hint,
            |a: &Allocations| {
                let valid = a.allocs_per_op.is_finite()
                    && a.allocs_per_op >= 0.0
                    && a.bytes_per_op.is_finite()
                    && a.bytes_per_op >= 0.0
                    && a.ops > 0;
                (!valid).then(|| {
                    "its counts are negative, not numbers, or over zero operations".to_owned()
                })
            },
        )?;
        Ok(AllocationCounts {
            counts,
            dir: dir.to_owned(),
        })
    }

    /// The directory that was read.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether no count was found at all.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The counts of benchmark `id`.
    pub fn get(&self, id: &str) -> Option<Allocations> {
        self.counts.get(id).copied()
    }
}
