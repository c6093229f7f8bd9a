//! Sends a newsletter to 20 subscribers, a few of them greylisted.
use mailspool::{Envelope, FakeSmtp, Outcome, Spool, SpoolConfig};

fn main() -> Result<(), mailspool::SpoolError> {
    let mut spool = Spool::new(SpoolConfig { senders: 4, retriers: 2, ..Default::default() }, FakeSmtp::default());
    spool.start()?;
    for id in 0..20u64 {
        let to = if id % 5 == 0 { format!("u{id}@greylist.example") } else { format!("u{id}@example.com") };
        spool.submit(Envelope::new(id, to, "November news"))?;
    }
    let outcomes = spool.drain()?;
    let retried = outcomes.iter().filter(|o| matches!(o, Outcome::Delivered { attempts, .. } if *attempts > 1)).count();
    println!("{} delivered, {} after retries", outcomes.len(), retried);
    Ok(())
}
