//! Errors of the indexer, and the crate's `Result` alias.

use std::error::Error as StdError;
use std::fmt;

/// Boxed error used at the edges (the binary, the examples).
pub type BoxError = Box<dyn StdError + Send + Sync + 'static>;

/// `Result` with [`IndexError`] by default.
pub type Result<T, E = IndexError> = std::result::Result<T, E>;

#[derive(Debug)]
pub enum IndexError {
    /// The pool refused a chunk.
    Pool(workerpool::v2::Error),
    /// A query string had no searchable term in it.
    EmptyQuery(String),
    /// The indexer was asked for threads it cannot have.
    BadThreads(usize),
}

impl fmt::Display for IndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexError::Pool(e) => write!(f, "indexing pool: {e}"),
            IndexError::EmptyQuery(q) => write!(f, "query {q:?} has no terms"),
            IndexError::BadThreads(n) => write!(f, "cannot index with {n} threads (use 1..=64)"),
        }
    }
}

impl StdError for IndexError {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        match self {
            IndexError::Pool(e) => Some(e),
            _ => None,
        }
    }
}

impl From<workerpool::v2::Error> for IndexError {
    fn from(e: workerpool::v2::Error) -> Self {
        IndexError::Pool(e)
    }
}
