use hookfan::{Dispatcher, Event, EventKind, MemoryTransport};

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let mut fan = Dispatcher::new(MemoryTransport::new());
    fan.subscribe("https://ci.example/hooks", 3)?;
    fan.subscribe("https://chat.example/flaky", 2)?;
    fan.subscribe("https://down.example/hook", 1)?;
    fan.subscribe("https://audit.example/log", 1)?;

    let events = [
        Event::new(101, EventKind::Push, &[("ref", "main"), ("sha", "a1b2c3")]),
        Event::new(
            102,
            EventKind::Issue,
            &[("number", "17"), ("action", "opened")],
        ),
    ];
    for e in events {
        let n = fan.publish(e)?;
        println!("published to {n} endpoints");
    }

    fan.pause("https://chat.example/flaky")?;
    fan.publish(Event::new(103, EventKind::Release, &[("tag", "v1.4.0")]))?;
    fan.resume("https://chat.example/flaky")?;
    fan.unsubscribe("https://down.example/hook")?;
    fan.publish(Event::new(104, EventKind::Push, &[("ref", "release")]))?;

    let report = fan.report();
    println!("delivered:");
    for (url, id, status, attempts) in &report.delivered {
        println!("  {id} -> {url} {status} after {attempts}");
    }
    println!("failed:");
    for (url, id, err) in &report.failed {
        println!("  {id} -> {url}: {err}");
    }
    println!("skipped (paused):");
    for (url, id) in &report.skipped {
        println!("  {id} -> {url}");
    }
    println!(
        "endpoints left: {}",
        fan.endpoints().collect::<Vec<_>>().join(" ")
    );
    println!("bodies received: {}", fan.transport().received().len());
    Ok(())
}
