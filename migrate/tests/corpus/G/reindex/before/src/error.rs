//! Errors of a reindex run.

use std::fmt;

#[derive(Debug)]
pub enum IndexError {
    Pool(workerpool::Error),
    UnknownPhase(String),
}

impl fmt::Display for IndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexError::Pool(e) => write!(f, "worker pool: {e}"),
            IndexError::UnknownPhase(p) => {
                write!(f, "unknown phase {p:?} (expected scan or render)")
            }
        }
    }
}

impl std::error::Error for IndexError {}

impl From<workerpool::Error> for IndexError {
    fn from(e: workerpool::Error) -> Self {
        IndexError::Pool(e)
    }
}
