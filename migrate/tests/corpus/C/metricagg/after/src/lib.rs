//! metricagg: parse metric lines, summarise each series, optionally export the summaries.

pub mod aggregator;
pub mod error;
pub mod exec;
#[cfg(feature = "export")]
pub mod export;
pub mod sample;
pub mod stats;

pub use aggregator::{Aggregator, Report};
pub use error::{AggError, DynResult};
pub use sample::{Kind, Sample};
pub use stats::Summary;
