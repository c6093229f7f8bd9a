//! Metrics rollup: raw `metric timestamp value` lines go through a parse stage
//! and an aggregate stage, each a named pool, into per-window statistics.

mod error;
pub mod pipeline;
pub mod sample;
pub mod stages;
pub mod window;

pub use error::{BoxError, Result, RollupError};
pub use pipeline::{build, Event, Pipeline};
pub use sample::Sample;
pub use stages::Stages;
pub use window::{Stats, Table};
