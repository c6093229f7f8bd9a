//! mailrelay: an outgoing-mail queue that hands messages to a transport on worker threads.
pub mod error;
pub mod message;
pub mod relay;
pub mod transport;

pub use error::{RelayError, Result};
pub use message::{Envelope, Message, Receipt, Status};
pub use relay::Relay;
pub use transport::{MemoryTransport, Transport};
