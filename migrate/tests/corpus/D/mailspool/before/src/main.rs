use mailspool::{Envelope, FakeSmtp, Outcome, Spool, SpoolConfig};

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let mut spool = Spool::new(SpoolConfig::default(), FakeSmtp::default());
    if let Err(e) = spool.submit(Envelope::new(0, "early@example.com", "too soon")) {
        println!("before start: {e}");
    }
    spool.start()?;
    println!("{:?}", spool.status());

    let rcpts = ["ann@example.com", "bob@greylist.example", "nouser@example.com", "cy@example.org", "dee@greylist.example"];
    for (i, to) in rcpts.iter().enumerate() {
        spool.submit(Envelope::new(i as u64 + 1, *to, format!("report #{}", i + 1)).with_body("see attached"))?;
    }
    for outcome in spool.drain()? {
        match outcome {
            Outcome::Delivered { id, attempts } => println!("{id}: delivered after {attempts} attempt(s)"),
            Outcome::Bounced { id, reason } => println!("{id}: bounced ({reason})"),
        }
    }
    println!("sent ids: {:?}", spool.transport().sent());
    spool.stop();
    println!("{:?}", spool.status());
    Ok(())
}
