//! Command-line entry point of `migrate`: parses the arguments and runs the tool.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let options = migrate::cli::Args::parse().options();
    let status = migrate::run::run(&options, &mut std::io::stdout(), &mut std::io::stderr());
    ExitCode::from(status.code())
}
