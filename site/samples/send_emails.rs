//! Landing page sample 1: four workers sending a queue of emails.

use super::mail::Email;
use workerpool::Pool;

/// Sends every email through `send` on four worker threads; returns once all are sent.
pub fn send_all(emails: Vec<Email>, send: fn(Email)) -> Result<(), workerpool::Error> {
    // ANCHOR: sample
    // A queue of 100 emails, and four workers
    // that send them, one email each at a time.
    let pool = Pool::new(100);
    for _ in 0..4 {
        pool.add_worker(send);
    }

    for email in emails {
        pool.delegate(email)?; // waits for room
    }
    pool.stop(); // runs the queue, then joins the workers
    // ANCHOR_END: sample
    Ok(())
}
