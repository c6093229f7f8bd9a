use std::process::ExitCode;

use testrun::runner::QuietPanics;
use testrun::suite::SUITE;
use testrun::{Runner, TextReporter};

fn main() -> ExitCode {
    let _quiet = QuietPanics::install();
    let mut runner = Runner::new(4, TextReporter::new());
    println!("running {} tests", SUITE.len());
    let summary = match runner.run(SUITE) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("testrun: {e}");
            return ExitCode::from(2);
        }
    };
    for line in runner.into_reporter().out {
        println!("{line}");
    }
    // The suite has known failures on purpose; report them without failing the process.
    println!("expected failures: {}", summary.failed);
    ExitCode::SUCCESS
}
