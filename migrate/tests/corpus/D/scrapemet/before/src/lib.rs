//! Scrapes text-format metrics endpoints on a process-wide pool and merges the samples.

pub mod config;
pub mod error;
pub mod registry;
pub mod scrape;
pub mod source;

pub mod prelude {
    pub use crate::config::{parse_targets, Target};
    pub use crate::error::ScrapeError;
    pub use crate::registry::Registry;
    pub use crate::scrape::{JobPool, Sample, Scraper};
    pub use crate::source::{FakeSource, Source};
}
