//! Fans chat messages out to every member of a room on a shared worker pool.

mod error;
mod hub;
mod message;
mod outbox;

pub use error::{HubError, Result};
pub use hub::{Hub, Metrics, SharedPool};
pub use message::{Delivery, Message, UserId};
pub use outbox::{MemoryOutbox, Outbox};

pub mod prelude {
    pub use super::*;
}
