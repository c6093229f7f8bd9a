use std::sync::Arc;

use auditship::*;

struct Shared(Arc<MemorySink>);

impl Sink for Shared {
    fn put(&self, key: String, bytes: Vec<u8>) {
        self.0.put(key, bytes)
    }
}

fn ev(i: u64) -> AuditEvent {
    AuditEvent { at: i, actor: "root".into(), action: "sudo".into() }
}

#[test]
fn chunks_land_in_order_of_seq() -> ShipResult<()> {
    let sink = Arc::new(MemorySink::default());
    let s = Shipper::new(Shared(Arc::clone(&sink)), 2)?;
    s.add_tenant("t", TenantConfig { uploaders: 3, chunk_events: 4 })?;
    for i in 0..10 {
        s.record("t", ev(i))?;
    }
    s.flush()?;
    assert_eq!(sink.keys(), ["t/000000.rle", "t/000001.rle", "t/000002.rle"]);
    let last = rle_decode(&sink.get("t/000002.rle").unwrap());
    assert_eq!(String::from_utf8(last).unwrap().lines().count(), 2);
    Ok(())
}

#[test]
fn duplicate_and_unknown_tenants() -> ShipResult<()> {
    let s = Shipper::new(MemorySink::default(), 1)?;
    s.add_tenant("a", TenantConfig::default())?;
    assert!(matches!(s.add_tenant("a", TenantConfig::default()), Err(ShipError::TenantExists(_))));
    assert!(matches!(s.record("b", ev(1)), Err(ShipError::UnknownTenant(_))));
    Ok(())
}

#[test]
fn uploaders_can_be_resized() -> ShipResult<()> {
    let s = Shipper::new(MemorySink::default(), 1)?;
    s.add_tenant("a", TenantConfig { uploaders: 2, chunk_events: 1 })?;
    s.add_tenant("b", TenantConfig::default())?;
    assert_eq!(s.total_uploaders(), 3);
    assert_eq!(s.set_uploaders("a", 5)?, 2);
    assert_eq!(s.stats().uploaders["a"], 5);
    s.set_uploaders("a", 1)?;
    assert_eq!(s.total_uploaders(), 2);
    s.record("a", ev(1))?;
    s.flush()?;
    Ok(())
}

#[test]
fn shutdown_leaves_no_compressors() -> ShipResult<()> {
    let s = Shipper::new(MemorySink::default(), 3)?;
    s.add_tenant("a", TenantConfig::default())?;
    s.shutdown()?;
    let stats = s.stats();
    assert_eq!(stats.compressors, 0);
    assert_eq!(stats.uploaders.values().sum::<usize>(), 0);
    Ok(())
}
