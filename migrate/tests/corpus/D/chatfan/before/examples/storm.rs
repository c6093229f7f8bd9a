//! Many posters, a few senders: prints the final inbox sizes.
use std::sync::Arc;
use std::thread;

use chatfan::prelude::*;

fn main() -> Result<()> {
    let outbox = Arc::new(MemoryOutbox::default());
    let hub = Hub::with_senders(Arc::clone(&outbox), 3)?;
    for u in 0..8 {
        hub.join("storm", u);
    }
    thread::scope(|s| {
        for u in 0..8 {
            let hub = &hub;
            s.spawn(move || {
                for i in 0..5 {
                    hub.post("storm", u, &format!("{u}:{i}")).expect("post");
                }
            });
        }
    });
    hub.flush();
    for u in outbox.users() {
        println!("{u}: {}", outbox.inbox(u).len());
    }
    println!("{:?}", hub.metrics());
    Ok(())
}
