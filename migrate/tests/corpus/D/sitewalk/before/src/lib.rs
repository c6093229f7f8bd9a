//! A breadth-first site crawler. Each depth runs two stages, fetch and extract, one after the
//! other on the same worker pool.

pub mod crawl;
pub mod error;
pub mod html;
pub mod site;
pub mod stage;

pub use crawl::{CrawlReport, Crawler, PageInfo};
pub use error::{CrawlError, Result};
pub use site::{Fetch, StaticSite};
