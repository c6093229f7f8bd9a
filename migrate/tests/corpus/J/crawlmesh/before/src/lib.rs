//! crawlmesh: a small crawler over an in-memory web, with one pool to fetch and one to parse.

pub mod crawl;
pub mod error;
pub mod exec;
pub mod fetch;
pub mod parse;
pub mod web;

pub use crawl::{Crawler, Report, Visit};
pub use error::CrawlError;
pub use web::Web;
