//! Command-line entry point of `migrate`: parses the arguments and runs the tool.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = migrate::cli::Args::parse();
    let status = migrate::run::run(&args, &mut std::io::stdout(), &mut std::io::stderr());
    ExitCode::from(status.code())
}
