use std::thread;

use auditship::prelude::*;

fn event(at: u64, actor: &str, action: &str) -> AuditEvent {
    AuditEvent { at, actor: actor.into(), action: action.into() }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let shipper = Shipper::new(MemorySink::default(), 2)?;
    shipper.add_tenant("acme", TenantConfig { uploaders: 2, chunk_events: 5 })?;
    shipper.add_tenant("globex", TenantConfig::default())?;
    shipper.add_tenant("initech", TenantConfig { uploaders: 1, chunk_events: 3 })?;
    println!("{:?}", shipper.stats());

    thread::scope(|s| {
        let producers: Vec<_> = [("acme", "alice", 12u64), ("globex", "gus", 7), ("initech", "peter", 9)]
            .into_iter()
            .map(|(tenant, actor, n)| {
                let shipper = &shipper;
                s.spawn(move || -> ShipResult<()> {
                    for i in 0..n {
                        shipper.record(tenant, event(1_700_000_000 + i, actor, "login"))?;
                    }
                    Ok(())
                })
            })
            .collect();
        producers.into_iter().try_for_each(|p| p.join().expect("producer panicked"))
    })?;
    shipper.flush()?;
    let keys = shipper.sink().keys();
    println!("{} chunks, {} raw bytes -> {} stored", keys.len(), shipper.raw_bytes_shipped(), shipper.sink().total_bytes());
    for k in keys {
        println!("  {k}");
    }

    let paused = shipper.set_uploaders("initech", 0)?;
    println!("initech paused (had {paused} uploaders), total uploaders now {}", shipper.total_uploaders());
    shipper.set_uploaders("initech", paused)?;

    if let Err(e) = shipper.record("hooli", event(0, "x", "y")) {
        println!("error: {e}");
    }
    shipper.shutdown()?;
    println!("after shutdown: {:?}", shipper.stats());
    Ok(())
}
