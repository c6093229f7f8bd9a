//! Runs the page's benchmark command, showing criterion's progress as it goes.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use crate::error::{Error, Result};
use crate::page::RunCommand;

/// Runs `run` in `workdir` with `CRITERION_HOME` set to `criterion_dir`, so the results land where
/// bench-report reads them. `expected` is how many benchmarks the page names, for the progress count.
pub fn run_benchmarks(
    run: &RunCommand,
    workdir: &Path,
    criterion_dir: &Path,
    expected: usize,
) -> Result<()> {
    let display = run.display();
    let fail = |reason: String| Error::BenchmarkRun {
        command: display.clone(),
        reason,
    };
    let mut err = std::io::stderr().lock();
    let _ = writeln!(
        err,
        "bench-report: running `{display}` in {}",
        workdir.display()
    );
    if let Some(duration) = &run.expected_duration {
        let _ = writeln!(err, "bench-report: a full run takes {duration}");
    }
    drop(err);
    let criterion_dir = std::path::absolute(criterion_dir).map_err(|e| fail(e.to_string()))?;
    let mut child = Command::new(&run.command[0])
        .args(&run.command[1..])
        .current_dir(workdir)
        .env("CRITERION_HOME", &criterion_dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| fail(format!("cannot start `{}`: {e}", run.command[0])))?;
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut done = 0;
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| fail(e.to_string()))?;
        let mut err = std::io::stderr().lock();
        if let Some(id) = line
            .strip_prefix("Benchmarking ")
            .and_then(|rest| rest.strip_suffix(": Analyzing"))
        {
            done += 1;
            let _ = writeln!(err, "[{done}/{expected}] measured {id}");
        } else {
            let _ = writeln!(err, "{line}");
        }
    }
    let status = child.wait().map_err(|e| fail(e.to_string()))?;
    if !status.success() {
        return Err(fail(format!("it exited with {status}")));
    }
    Ok(())
}
