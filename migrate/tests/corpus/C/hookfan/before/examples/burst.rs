//! Publishes a burst of 50 events to two endpoints and counts the deliveries.

use hookfan::{Dispatcher, Event, EventKind, HookResult, MemoryTransport};

fn main() -> HookResult<()> {
    let mut fan = Dispatcher::new(MemoryTransport::new());
    fan.subscribe("https://one.example", 4)?;
    fan.subscribe("https://two.example/flaky", 2)?;
    for id in 0..50 {
        fan.publish(Event::new(id, EventKind::Push, &[("n", &id.to_string())]))?;
    }
    let report = fan.report();
    let retried = report.delivered.iter().filter(|d| d.3 > 1).count();
    println!(
        "{} delivered, {} after a retry, {} failed",
        report.delivered.len(),
        retried,
        report.failed.len()
    );
    Ok(())
}
