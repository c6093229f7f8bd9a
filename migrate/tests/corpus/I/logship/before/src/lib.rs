//! logship: read log lines, group them into batches, ship the batches to a sink
//! on a small pool of shipper threads.

pub mod error;
pub mod record;
pub mod shipper;
pub mod sink;

/// Everything a binary needs, in one import.
pub mod prelude {
    pub use crate::error::{BoxError, ShipError};
    pub use crate::record::{batches, parse_lines, Batch, Level, LogRecord};
    pub use crate::shipper::{collect, Receipt, Shipper};
    pub use crate::sink::{CountingSink, MemorySink, Sink};
}
