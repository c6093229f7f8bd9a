//! Every way bench-report can fail, each with a message that names the file and says what to do.

use std::path::PathBuf;

/// What went wrong. Each message names the file involved and what to run or fix.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The page description could not be read.
    #[error(
        "cannot read the page description {path}: {source}\n  pass the page's TOML file with --page"
    )]
    PageUnreadable {
        /// The TOML file.
        path: PathBuf,
        /// Why reading failed.
        source: std::io::Error,
    },
    /// The page description is not valid.
    #[error("the page description {path} is invalid: {message}")]
    PageInvalid {
        /// The TOML file.
        path: PathBuf,
        /// What is wrong, and where.
        message: String,
    },
    /// There are no results and none could be produced.
    #[error("no criterion results in {dir}\n  {hint}")]
    NoResults {
        /// The criterion directory that was searched.
        dir: PathBuf,
        /// What to run to produce them.
        hint: String,
    },
    /// A results file (criterion's or an allocation-count file) is missing or corrupt.
    #[error("cannot use the results file {path}: {reason}\n  {hint}")]
    ResultsFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
        /// What to run to write it again.
        hint: String,
    },
    /// Running the benchmarks failed.
    #[error("the benchmark run `{command}` failed: {reason}")]
    BenchmarkRun {
        /// The command, as the page description gives it.
        command: String,
        /// How it failed.
        reason: String,
    },
    /// The command line asks for something impossible.
    #[error("{0}")]
    Usage(String),
    /// A section's results are missing: the page would show an empty section.
    #[error(
        "section `{section}` has no results for {}\n  {}run `{command}` to measure them",
        .missing.join(", "),
        if .nearest.is_empty() { String::new() } else { format!("the nearest ids that exist are {}: correct the page description if it misspells them, or ", .nearest.join(", ")) }
    )]
    SectionMissing {
        /// The section's id.
        section: String,
        /// The benchmark ids without a result, quoted.
        missing: Vec<String>,
        /// The ids of results nearest to them, quoted.
        nearest: Vec<String>,
        /// The command that measures them.
        command: String,
    },
    /// A series or scenario of the page matches no result at all: a misspelt id, most likely.
    #[error(
        "section `{section}`: {what} matches no result (looked for {}){}\n  correct the page description, or measure those benchmarks",
        .looked_for.iter().map(|id| format!("`{id}`")).collect::<Vec<_>>().join(", "),
        if .nearest.is_empty() { String::new() } else { format!("; the nearest ids that exist: {}", .nearest.iter().map(|id| format!("`{id}`")).collect::<Vec<_>>().join(", ")) }
    )]
    NoMatch {
        /// The section's id.
        section: String,
        /// "series `fast`" or "scenario `1 KiB`".
        what: String,
        /// The benchmark ids looked for.
        looked_for: Vec<String>,
        /// The ids of results nearest to them.
        nearest: Vec<String>,
    },
    /// The recorded environment describes an earlier run than the results.
    #[error(
        "{stale}\n  measure again with `bench-report --rerun` (it records the run), record this run with `bench-report record`, or delete that file to publish the machine as not recorded"
    )]
    StaleEnvironment {
        /// What does not match, in words.
        stale: String,
    },
    /// A chart could not be drawn.
    #[error("cannot draw the chart of section `{section}`: {reason}")]
    Chart {
        /// The section's id.
        section: String,
        /// What plotters reported.
        reason: String,
    },
    /// An output file could not be written; nothing was replaced.
    #[error("cannot write {path}: {source}\n  no output file was changed")]
    Write {
        /// The file or directory.
        path: PathBuf,
        /// Why writing failed.
        source: std::io::Error,
    },
}

/// Shorthand for results with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
