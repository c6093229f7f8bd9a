//! Sends a small batch of mail through an in-memory transport and prints the receipts.
use mailrelay::*;
use std::error::Error;

type AppResult<T> = std::result::Result<T, Box<dyn Error>>;

fn batch() -> Vec<Message> {
    vec![
        Message::new("ana@example.org", "Invoice 1042", "Please find attached."),
        Message::new("bo@spam.test", "Hello", "..."),
        Message::new("chen@example.org", "Welcome", "Glad to have you."),
        Message::new("dee@corp.example", "Re: meeting", "Thursday works."),
        Message::new("eli@spam.test", "Promo", "Buy now"),
        Message::new("fay@example.org", "Password reset", "Click the link."),
    ]
}

fn main() -> AppResult<()> {
    let transport = MemoryTransport::blocking(&["spam.test"]);
    let relay = Relay::new(transport, 2, 8)?;
    relay.scale(4)?;
    println!("relay threads: {}", relay.threads());

    let receipts = relay.send_all(batch())?;
    for r in &receipts {
        match &r.status {
            Status::Delivered(id) => println!("delivered {} {}", r.to, id),
            Status::Bounced(why) => println!("bounced   {} ({})", r.to, why),
        }
    }

    if let Err(e) = relay.send_all(vec![Message::new("nobody", "x", "y")]) {
        println!("rejected: {e}");
    }

    relay.scale(1)?;
    println!("relay threads: {}", relay.threads());
    println!("delivered total: {}", relay.delivered_count());
    relay.shutdown();
    Ok(())
}
