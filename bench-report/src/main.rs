//! `bench-report`: regenerates the performance page from criterion's results.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = bench_report::cli::Cli::parse();
    let cwd = std::env::current_dir().unwrap_or_else(|_| ".".into());
    match bench_report::generate(&cli.options(&cwd)) {
        Ok(outcome) => {
            for warning in &outcome.report.warnings {
                eprintln!("warning: {warning}");
            }
            for path in &outcome.generated {
                let state = if outcome.written.contains(path) {
                    "wrote"
                } else {
                    "unchanged"
                };
                eprintln!("{state} {}", path.display());
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
