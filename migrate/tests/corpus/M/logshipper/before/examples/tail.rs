//! Ships lines read from stdin: `cat app.log | cargo run --example tail`.
use std::io::BufRead;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let shipper = logshipper::Shipper::new(2)?;
    let lines: Vec<String> = std::io::stdin().lock().lines().collect::<Result<_, _>>()?;
    let report = shipper.ship(&lines)?;
    for ((service, level), n) in &report.by_service {
        println!("{service} {level} {n}");
    }
    println!("{} rejected", report.rejected.len());
    shipper.shutdown()?;
    Ok(())
}
