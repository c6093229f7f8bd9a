//! Runs only the gcd checks, twice on the same runner (its threads are reused).

use testrun::suite::SUITE;
use testrun::{Runner, TextReporter};

fn main() -> Result<(), testrun::RunError> {
    let mut runner = Runner::new(2, TextReporter::new()).filter("gcd::");
    let first = runner.run(SUITE)?;
    let second = runner.run(SUITE)?;
    println!("first: {first:?}");
    println!("second: {second:?}");
    println!("threads: {}", runner.threads());
    let out = runner.into_reporter().out;
    println!("{}", out.last().unwrap());
    Ok(())
}
