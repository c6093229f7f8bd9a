use std::sync::Arc;

use mailer::{transport, MailError, Mailer, Message};
use workerpool::Pool;

#[test]
fn blocked_addresses_are_refused_and_others_sent() {
    let mailer = Mailer::on(Arc::new(Pool::new(4)), 2, vec!["x@y.z".into()]).unwrap();
    let err = mailer.send(Message::Reset { to: "x@y.z".into(), token: 1 }).unwrap_err();
    assert!(matches!(err, MailError::Rejected(ref to) if to == "x@y.z"));

    let before = transport::sent_count();
    mailer.send(Message::Welcome { to: "a@b.c".into(), name: "A".into() }).unwrap();
    let clone = mailer.clone();
    clone.send(Message::Reset { to: "a@b.c".into(), token: 7 }).unwrap();
    while transport::sent_count() < before + 2 {
        std::thread::yield_now();
    }
    let sent = transport::drain();
    assert!(sent.iter().any(|l| l.contains("Code: 000007")), "{sent:?}");
}

#[test]
fn render_is_stable() {
    let m = Message::Digest { to: "d@e.f".into(), items: vec!["a".into(), "b".into()] };
    assert_eq!(transport::render(&m), "To: d@e.f | 2 new items | a, b");
}
