//! The command line: where the page description and criterion's results are, and whether to measure.

use std::path::{Path, PathBuf};

use clap::Parser;

use crate::{Options, RunPolicy};

/// Turns criterion's results into a performance page: SVG charts, tables and a JSON summary.
///
/// With no results yet it runs the page's benchmark command first.
#[derive(Debug, Parser)]
#[command(name = "bench-report", version)]
pub struct Cli {
    /// The page description (TOML). Default: book/performance.toml here or in a parent directory.
    #[arg(long, value_name = "FILE")]
    pub page: Option<PathBuf>,
    /// criterion's output directory. Default: $CRITERION_HOME, else $CARGO_TARGET_DIR/criterion, else
    /// target/criterion beside the workspace's Cargo.lock.
    #[arg(long, value_name = "DIR")]
    pub criterion_dir: Option<PathBuf>,
    /// Run the benchmarks even if there are results.
    #[arg(long, conflicts_with = "no_run")]
    pub rerun: bool,
    /// Never run the benchmarks; fail if there are no results.
    #[arg(long)]
    pub no_run: bool,
}

/// Where the page description is looked for when `--page` is not given.
pub const DEFAULT_PAGE: &str = "book/performance.toml";

impl Cli {
    /// The options these arguments ask for, with defaults resolved from `cwd`.
    pub fn options(self, cwd: &Path) -> Options {
        let page = self.page.unwrap_or_else(|| {
            cwd.ancestors()
                .map(|dir| dir.join(DEFAULT_PAGE))
                .find(|candidate| candidate.is_file())
                .unwrap_or_else(|| cwd.join(DEFAULT_PAGE))
        });
        let run = if self.rerun {
            RunPolicy::Always
        } else if self.no_run {
            RunPolicy::Never
        } else {
            RunPolicy::IfMissing
        };
        Options {
            page,
            criterion_dir: self.criterion_dir,
            run,
        }
    }
}
