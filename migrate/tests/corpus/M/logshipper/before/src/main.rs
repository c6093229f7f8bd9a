use logshipper::{ShipResult, Shipper};

const SAMPLE: &[&str] = &[
    "INFO api: GET /health 200",
    "WARN api: slow response 812ms",
    "ERROR billing: card declined",
    "INFO billing: invoice 1042 sent",
    "debug auth: token refreshed",
    "garbage line",
    "INFO api: GET /users 200",
    "FATAL auth: disk on fire",
    "ERROR api: upstream timeout",
    "INFO : no service here",
];

fn main() -> ShipResult<()> {
    let shipper = Shipper::new(3)?;
    shipper.grow(1)?;
    println!("parsers: {}", shipper.parsers());
    let report = shipper.ship(SAMPLE)?;
    shipper.shrink(2)?;
    println!("parsers after shrink: {}", shipper.parsers());
    println!("shipped {} of {} lines", report.shipped, SAMPLE.len());
    for ((service, level), n) in &report.by_service {
        println!("  {service:<8} {level:<5} {n}");
    }
    for r in &report.rejected {
        println!("rejected: {r}");
    }
    shipper.shutdown()
}
