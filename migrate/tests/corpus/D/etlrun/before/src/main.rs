use std::process::ExitCode;
use std::sync::Arc;

use etlrun::{EtlError, MemorySink, Runner, RunnerConfig};

const FEED: &str = "\
# id,customer,amount,country
1,acme,120.50,se
2,globex,99,no
3,initech,abc,se
4,umbrella,15.25,dk
5,,10,se
6,hooli,7.5,no
7,acme,0.99,se
8,stark,1000,us
9,wayne,250.10,us
10,tyrell,3,dk
";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("etlrun: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), EtlError> {
    let sink = Arc::new(MemorySink::default());
    let mut runner = Runner::new(RunnerConfig::default(), Arc::clone(&sink));
    let report = runner.run(FEED)?;
    println!("lines {} loaded {} in {} batches", report.lines, report.loaded, report.batches);
    for e in &report.skipped {
        println!("skipped {e}");
    }
    for (country, cents) in sink.total_by_country() {
        println!("{country}: {}.{:02}", cents / 100, cents % 100);
    }
    // a second run over the same ids fails in the load stage
    match runner.run("1,acme,1,se") {
        Err(EtlError::Load(msg)) => println!("rerun refused: {msg}"),
        other => println!("rerun: {other:?}"),
    }
    println!("workers attached after runs: {}", runner.active_workers());
    Ok(())
}
