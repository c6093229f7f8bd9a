use hookfan::{Dispatcher, Event, EventKind, HookError, MemoryTransport};

fn event(id: u64) -> Event {
    Event::new(id, EventKind::Release, &[("tag", "v1")])
}

#[test]
fn every_endpoint_gets_every_event() {
    let mut fan = Dispatcher::new(MemoryTransport::new());
    for i in 0..3 {
        fan.subscribe(&format!("https://e{i}.example"), 2).unwrap();
    }
    for id in 0..20 {
        assert_eq!(fan.publish(event(id)).unwrap(), 3);
    }
    assert_eq!(fan.report().delivered.len(), 60);
}

#[test]
fn paused_endpoints_skip_and_resume() {
    let mut fan = Dispatcher::new(MemoryTransport::new());
    fan.subscribe("https://a.example", 2).unwrap();
    fan.pause("https://a.example").unwrap();
    assert_eq!(fan.publish(event(1)).unwrap(), 0);
    fan.resume("https://a.example").unwrap();
    assert_eq!(fan.publish(event(2)).unwrap(), 1);
    let r = fan.report();
    assert_eq!(r.skipped, vec![("https://a.example".to_string(), 1)]);
    assert_eq!(r.delivered.len(), 1);
}

#[test]
fn down_endpoints_fail_after_retries() {
    let mut fan = Dispatcher::new(MemoryTransport::new());
    fan.subscribe("https://down.example", 1).unwrap();
    fan.publish(event(9)).unwrap();
    assert_eq!(
        fan.report().failed,
        vec![(
            "https://down.example".into(),
            9,
            "connection refused".into()
        )]
    );
}

#[test]
fn unknown_endpoint() {
    let mut fan = Dispatcher::new(MemoryTransport::new());
    assert!(matches!(
        fan.unsubscribe("https://nope"),
        Err(HookError::UnknownEndpoint(_))
    ));
}
