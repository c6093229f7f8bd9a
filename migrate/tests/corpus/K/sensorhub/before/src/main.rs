//! Replays a fixed log of readings through the hub and prints the per-sensor summary.
use sensorhub::*;
use std::sync::Arc;
use std::thread;
use std::time::Duration;

const LOG: &[&str] = &[
    "temp:roof=21.5", "temp:cellar=12.25", "hum:roof=40", "hum:cellar=71.5", "temp:roof=22.0",
    "press:roof=1013.2", "temp:cellar=12.5", "hum:roof=42.5", "press:roof=1012.8", "temp:roof=-1.5",
    "wind:mast=7.25", "hum:cellar=70", "temp:roof=23.75", "press:roof=1011", "wind:mast=9.5",
];

fn main() -> BoxResult<()> {
    let agg = Arc::new(Aggregator::new());
    let hub = Hub::new(Arc::clone(&agg)).with_lane("temp", 2)?.with_lane("hum", 1)?.with_lane("press", 1)?;

    let scaler = hub.scaler("temp").expect("temp lane");
    let resizer = thread::spawn(move || scaler.scale_to(4));
    resizer.join().expect("resizer")?;
    println!("lanes: {:?}", hub.lanes());

    let readings: Vec<Reading> = LOG.iter().map(|l| l.parse()).collect::<Result<_, _>>()?;
    let n = readings.len();
    for r in readings {
        hub.ingest(r)?;
    }
    if !agg.wait_for(n, Duration::from_secs(10)) {
        return Err("readings went missing".into());
    }

    hub.pause("hum")?;
    println!("after pause: {:?}", hub.lanes());
    hub.resume("hum")?;
    hub.ingest("hum:roof=44".parse()?)?;
    agg.wait_for(n + 1, Duration::from_secs(10));

    for ((lane, sensor), s) in hub.sink().snapshot() {
        println!("{lane:>8} {sensor:<7} n={} min={} max={} sum={}", s.count, s.min, s.max, s.sum);
    }
    println!("overflow lane: {}", hub.has_overflow());

    hub.close_lane("press");
    match hub.ingest("press:roof=1000".parse()?) {
        Err(HubError::ClosedLane(l)) => println!("closed lane {l} refused a reading"),
        other => println!("unexpected: {:?}", other),
    }
    println!("total readings: {}", agg.total());
    Ok(())
}
