//! An outgoing mail spool: a pool of senders, and a hand-off pool of retriers for
//! transient failures.

pub mod envelope;
pub mod spool;
pub mod transport;

pub use envelope::{Envelope, Outcome};
pub use spool::{Spool, SpoolConfig, SpoolError, Status};
pub use transport::{FakeSmtp, SendError, Transport};
