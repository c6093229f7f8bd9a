use logship::{Level, Shipper, Sink};

const SAMPLE: &str = "\
# nightly batch
INFO scheduler: starting batch 42
DEBUG scheduler: 17 tasks ready
WARN storage: disk 81% full
INFO worker: task 3 done
ERROR network: upstream timed out
INFO worker: task 9 done
WARN worker: task 12 retried
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sink = Sink::new();
    let mut shipper = Shipper::new(sink.clone(), Level::Info);
    shipper.start(4)?;
    println!("threads: {}", shipper.threads());

    let sent = shipper.ship_text(SAMPLE)?;
    shipper.flush();
    println!("shipped {sent} of {} lines", SAMPLE.lines().count());

    shipper.scale_down()?;
    println!("threads after scale down: {}", shipper.threads());
    shipper.ship_text("ERROR storage: disk full\n")?;
    shipper.shutdown();

    for line in sink.sorted() {
        println!("{line}");
    }
    match shipper.ship_text("INFO late: too late") {
        Err(e) => println!("after shutdown: {e}"),
        Ok(n) => println!("after shutdown: shipped {n}?"),
    }
    Ok(())
}
