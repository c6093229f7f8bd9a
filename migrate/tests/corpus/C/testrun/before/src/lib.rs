//! testrun: run named check functions in parallel and report like `cargo test`.

pub mod case;
pub mod reporter;
pub mod runner;
pub mod suite;

pub use case::{TestCase, TestFn, Verdict};
pub use reporter::{CollectReporter, Reporter, Summary, TextReporter};
pub use runner::{RunError, Runner};
