use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use chatfan::prelude::*;
use workerpool::Pool;

#[test]
fn everyone_but_the_sender_gets_it() -> Result<()> {
    let outbox = Arc::new(MemoryOutbox::default());
    let hub = Hub::with_senders(Arc::clone(&outbox), 3)?;
    for u in [10, 11, 12] {
        hub.join("r", u);
    }
    assert_eq!(hub.post("r", 10, "yo")?, 2);
    hub.flush();
    assert!(outbox.inbox(10).is_empty());
    assert_eq!(outbox.inbox(11), vec!["#r <10> yo".to_owned()]);
    Ok(())
}

#[test]
fn two_hubs_share_a_pool() -> Result<()> {
    let pool: SharedPool = Arc::new(Pool::<chatfan::Delivery>::new(8));
    let (oa, ob) = (Arc::new(MemoryOutbox::default()), Arc::new(MemoryOutbox::default()));
    let a = Hub::new(Arc::clone(&pool), Arc::clone(&oa));
    let b = Hub::new(Arc::clone(&pool), Arc::clone(&ob));
    a.scale_to(1)?;
    b.scale_to(1)?;
    assert_eq!(pool.workers(), 2);
    a.join("x", 1);
    a.join("x", 2);
    b.join("y", 5);
    b.join("y", 6);
    a.post("x", 1, "from a")?;
    b.post("y", 6, "from b")?;
    // a worker of either hub may take either delivery; both hubs' outboxes see theirs or the other's
    let deadline = Instant::now() + Duration::from_secs(10);
    while oa.users().len() + ob.users().len() < 2 {
        assert!(Instant::now() < deadline, "deliveries never arrived");
        thread::sleep(Duration::from_millis(5));
    }
    Ok(())
}

#[test]
fn retired_senders_leave_no_workers() -> Result<()> {
    let hub = Hub::with_senders(Arc::new(MemoryOutbox::default()), 2)?;
    hub.join("r", 1);
    hub.join("r", 2);
    hub.scale_to(0)?;
    assert_eq!(hub.metrics().workers, 0);
    assert!(matches!(hub.post("r", 1, "lost"), Err(HubError::Pool(_))));
    Ok(())
}

#[test]
fn unknown_room() {
    let hub = Hub::with_senders(Arc::new(MemoryOutbox::default()), 1).unwrap();
    assert!(matches!(hub.leave("nope", 1), Err(HubError::NoSuchRoom(_))));
}
