//! Integration tests of the relay against the in-memory transport.
use mailrelay::{MemoryTransport, Message, Relay, RelayError, Status};
use std::sync::Arc;

#[test]
fn every_message_gets_a_receipt() {
    let transport = Arc::new(MemoryTransport::new());
    let relay = Relay::new(Arc::clone(&transport), 3, 4).unwrap();
    let msgs: Vec<Message> = (0..10)
        .map(|i| Message::new(&format!("user{i}@example.org"), "hi", "body"))
        .collect();
    let receipts = relay.send_all(msgs).unwrap();
    assert_eq!(receipts.len(), 10);
    assert!(receipts.iter().all(|r| matches!(r.status, Status::Delivered(_))));
    assert_eq!(transport.delivered().len(), 10);
    assert_eq!(relay.delivered_count(), 10);
    relay.shutdown();
}

#[test]
fn invalid_messages_are_not_queued() {
    let relay = Relay::new(MemoryTransport::new(), 1, 1).unwrap();
    let err = relay
        .send_all(vec![Message::new("example.org", "hi", "")])
        .unwrap_err();
    assert!(matches!(err, RelayError::Invalid(_)));
    assert_eq!(relay.delivered_count(), 0);
}

#[test]
fn scaling_up_and_down() {
    let relay = Relay::new(MemoryTransport::new(), 1, 0).unwrap();
    assert_eq!(relay.threads(), 1);
    relay.scale(5).unwrap();
    assert_eq!(relay.threads(), 5);
    relay.scale(2).unwrap();
    assert_eq!(relay.threads(), 2);
    let r = relay
        .send_all(vec![Message::new("a@b.c", "s", "b")])
        .unwrap();
    assert_eq!(r.len(), 1);
}
