use std::sync::Arc;
use std::thread;

use chatfan::prelude::*;

fn main() -> Result<()> {
    let outbox = Arc::new(MemoryOutbox::default());
    let hub = Hub::with_senders(Arc::clone(&outbox), 2)?;
    for user in 1..=4 {
        hub.join("general", user);
    }
    hub.join("ops", 1);
    hub.join("ops", 3);

    // three clients posting at once
    thread::scope(|s| -> Result<()> {
        let a = s.spawn(|| hub.post("general", 1, "morning all"));
        let b = s.spawn(|| hub.post("ops", 3, "deploy at 10"));
        let c = s.spawn(|| hub.post("general", 2, "hi"));
        for h in [a, b, c] {
            h.join().expect("client thread panicked")?;
        }
        Ok(())
    })?;
    hub.flush();

    hub.scale_to(4)?;
    println!("scaled up: {} senders", hub.metrics().workers);
    hub.post("general", 4, "lunch?")?;
    hub.flush();
    hub.scale_to(1)?;

    match hub.post("random", 1, "anyone?") {
        Err(e) => println!("error: {e}"),
        Ok(n) => println!("queued {n}"),
    }

    for user in outbox.users() {
        println!("inbox {user}: {} messages", outbox.inbox(user).len());
    }
    let m = hub.metrics();
    println!("workers={} delivered={} rooms={}", m.workers, m.delivered, m.rooms);
    Ok(())
}
