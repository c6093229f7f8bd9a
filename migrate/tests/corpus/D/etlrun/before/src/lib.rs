//! A small extract-transform-load runner: CSV lines in, typed records out, loaded in batches.

pub mod error;
pub mod record;
pub mod runner;
pub mod sink;

pub use error::EtlError;
pub use record::{ParseError, Record};
pub use runner::{Report, Runner, RunnerConfig};
pub use sink::{MemorySink, Sink};
