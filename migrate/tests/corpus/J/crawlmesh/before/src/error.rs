//! Crawl errors.

use std::fmt;

use crate::exec::TaskError;

#[derive(Debug)]
pub enum CrawlError {
    Pool(TaskError),
    BadSeed(String),
    Disconnected,
}

impl fmt::Display for CrawlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrawlError::Pool(e) => write!(f, "task pool: {e}"),
            CrawlError::BadSeed(s) => write!(f, "not a url: {s:?}"),
            CrawlError::Disconnected => f.write_str("workers went away"),
        }
    }
}

impl std::error::Error for CrawlError {}

impl From<TaskError> for CrawlError {
    fn from(e: TaskError) -> Self {
        CrawlError::Pool(e)
    }
}
