//! hookfan: deliver each published event to every subscribed endpoint, each on its own pool.

mod dispatcher;
mod endpoint;
mod error;
mod event;
pub mod transport;

pub use dispatcher::{Dispatcher, Report};
pub use error::{HookError, HookResult};
pub use event::{Body, Event, EventKind};
pub use transport::{MemoryTransport, Transport, TransportError};
