//! Ships audit events per tenant: events are batched into chunks, compressed on a shared pool,
//! then uploaded on the tenant's own pool so one slow tenant cannot hold up the others.

mod codec;
mod error;
mod event;
mod inflight;
mod shipper;
mod sink;

pub mod prelude {
    pub use crate::error::{ShipError, ShipResult};
    pub use crate::event::{AuditEvent, Chunk};
    pub use crate::shipper::{Shipper, ShipperStats, TenantConfig};
    pub use crate::sink::{MemorySink, Sink};
}

pub use codec::{rle_decode, rle_encode};
pub use prelude::*;
