//! Landing page sample 2: wait a bounded time for room in the queue, then turn the request away.

use super::mail::Email;
use std::time::Duration;
use workerpool::Pool;

/// The queue had no room in time: the request is turned away, and the email comes back with it.
#[derive(Debug, PartialEq, Eq)]
pub struct Busy(pub Email);

/// Queues `email`, or answers [`Busy`] when the queue stays full for 100 ms.
pub fn accept(pool: &Pool<Email>, email: Email) -> Result<(), Busy> {
    // ANCHOR: sample
    // Wait up to 100 ms for room in the queue,
    // then turn it away, the email handed back.
    let wait = Duration::from_millis(100);
    pool.delegate_timeout(email, wait)
        .map_err(|e| Busy(e.into_job()))
    // ANCHOR_END: sample
}
