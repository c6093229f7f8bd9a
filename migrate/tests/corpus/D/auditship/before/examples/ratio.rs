//! Prints the compression ratio of a day of repetitive audit events.
use auditship::{AuditEvent, MemorySink, Shipper, TenantConfig};

fn main() -> auditship::ShipResult<()> {
    let shipper = Shipper::new(MemorySink::default(), 2)?;
    shipper.add_tenant("ops", TenantConfig { uploaders: 2, chunk_events: 50 })?;
    let mut raw = 0;
    for i in 0..500u64 {
        let e = AuditEvent { at: 1_000_000 + i / 10 * 10, actor: "cron".into(), action: "backup ok......".into() };
        raw += e.to_string().len() + 1;
        shipper.record("ops", e)?;
    }
    shipper.flush()?;
    assert_eq!(raw, shipper.raw_bytes_shipped());
    let stored = shipper.sink().total_bytes();
    println!("{raw} bytes of events in {} chunks, {stored} stored ({:.1}x)", shipper.sink().keys().len(), raw as f64 / stored as f64);
    Ok(())
}
