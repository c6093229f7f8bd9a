use std::thread;

use sensorhub::handlers::Limits;
use sensorhub::{replay, Hub, HubError, Reading, Sink};

fn gateway(id: u32) -> Vec<Reading> {
    let base = id * 100;
    vec![
        Reading::new(base + 1, "temp", &format!("t{id}"), 18 + id as i32 * 4),
        Reading::new(base + 2, "humidity", &format!("h{id}"), 30 + id as i32 * 25),
        Reading::new(base + 3, "pressure", &format!("p{id}"), 990 + id as i32 * 20),
    ]
}

fn main() -> Result<(), HubError> {
    let mut hub = Hub::new();
    hub.register("temp", Limits { low: 15, high: 26 }, 2)?;
    hub.register("humidity", Limits { low: 35, high: 70 }, 2)?;
    hub.register("pressure", Limits { low: 980, high: 1030 }, 1)?;
    for (kind, n) in hub.threads() {
        println!("{kind}: {n} checkers");
    }

    // Three gateways report at once.
    let pushed = thread::scope(|s| {
        let handles: Vec<_> = (0..3).map(|id| {
            let hub = &hub;
            s.spawn(move || replay(hub, gateway(id)))
        }).collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("gateway panicked"))
            .sum::<Result<usize, HubError>>()
    })?;
    for v in hub.collect(pushed) {
        println!("{:>3} {:<3} {:?}", v.seq, v.sensor, v.status);
    }

    println!("temp after shrink: {}", hub.shrink("temp")?);
    let temp = hub.pool("temp").expect("temp is registered");
    temp.push(Reading::new(900, "temp", "t9", 40))?;
    for v in hub.collect(1) {
        println!("{:>3} {:<3} {:?}", v.seq, v.sensor, v.status);
    }

    hub.retire("pressure")?;
    match hub.push(Reading::new(901, "pressure", "p9", 1000)) {
        Err(err) => println!("after retire: {err}"),
        Ok(()) => println!("after retire: accepted"),
    }
    for (kind, n) in hub.threads() {
        println!("{kind}: {n} checkers");
    }
    Ok(())
}
