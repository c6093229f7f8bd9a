//! logship: parse log lines and ship them in the background.

pub mod error;
pub mod parse;
pub mod shipper;

pub use error::ShipError;
pub use parse::{Level, Record};
pub use shipper::{Shipper, Sink};
