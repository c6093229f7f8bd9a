//! A hub that checks sensor readings against per-kind thresholds, one pool per sensor kind.

pub mod error;
pub mod handlers;
pub mod hub;
pub mod reading;
pub mod sink;

pub use error::HubError;
pub use hub::Hub;
pub use reading::{Reading, Status, Verdict};
pub use sink::{replay, Sink};
