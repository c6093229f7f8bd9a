//! sensorhub: routes sensor readings to one worker pool per sensor kind and aggregates them.
mod hub;
mod reading;
mod scaler;
mod sink;

pub use hub::{Hub, HubError};
pub use reading::{ParseError, Reading};
pub use scaler::Scaler;
pub use sink::{Aggregator, Sink, Summary};

/// Result type of the binaries and examples.
pub type BoxResult<T> = Result<T, Box<dyn std::error::Error + Send + Sync>>;
