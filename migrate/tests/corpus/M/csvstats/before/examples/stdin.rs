//! `cargo run --example stdin < data.csv`
use std::io::Read;

fn main() -> Result<(), csvstats::BoxError> {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text)?;
    let report = csvstats::Engine::new(4)?.analyze(&text)?;
    report.numeric.iter().for_each(|s| println!("{s}"));
    report.problems.iter().for_each(|p| eprintln!("{p}"));
    Ok(())
}
