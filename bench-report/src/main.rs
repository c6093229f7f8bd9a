//! `bench-report`: regenerates the performance page from criterion's results, or compares two runs.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    bench_report::cli::run(bench_report::cli::Cli::parse())
}
