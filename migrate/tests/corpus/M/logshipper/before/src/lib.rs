//! logshipper: parse raw log lines on a worker pool, index them on a second one,
//! and produce a summary per service and level.

pub mod error;
pub mod parser;
pub mod record;
pub mod shipper;

pub use error::{ShipError, ShipResult};
pub use record::{Level, LogLine, Parsed};
pub use shipper::{Report, SharedPool, Shipper};
