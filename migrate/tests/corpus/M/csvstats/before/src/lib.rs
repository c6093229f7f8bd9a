//! csvstats: per-column statistics for CSV files. Rows are validated on one pool and
//! numeric columns summarised on another.

pub mod engine;
pub mod parse;
pub mod stats;
pub mod types;

pub use engine::{column_pool, fan_out, Engine, Report};
pub use stats::{Aggregate, Max, Mean, Min, Summary};
pub use types::*;
