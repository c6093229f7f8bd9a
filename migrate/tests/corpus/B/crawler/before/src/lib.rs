//! A breadth-first crawler over an in-memory site, fetching pages on a worker pool.

pub mod frontier;
pub mod job;
pub mod site;

pub use frontier::{CrawlError, Frontier};
pub use job::{FetchJob, Page};
pub use site::Site;
