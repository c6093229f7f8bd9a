//! Ships a few generated lines at WARN and above and prints what arrived.

use logship::{Level, Shipper, Sink};

fn main() -> Result<(), logship::ShipError> {
    let sink = Sink::new();
    let mut shipper = Shipper::new(sink.clone(), Level::Warn);
    shipper.start(2)?;
    let levels = ["INFO", "WARN", "ERROR", "DEBUG"];
    let text: String = (0..12)
        .map(|i| format!("{} svc{}: event {}\n", levels[i % 4], i % 3, i))
        .collect();
    let n = shipper.ship_text(&text)?;
    shipper.shutdown();
    println!("{n} lines at WARN or above:");
    for line in sink.sorted() {
        println!("  {line}");
    }
    Ok(())
}
