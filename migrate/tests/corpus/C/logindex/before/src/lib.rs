//! logindex: tokenizes log files on a worker pool into an inverted index.

pub mod error;
pub mod index;
pub mod indexer;
pub mod source;
pub mod tokenize;

pub use error::{IndexError, Result};
pub use index::{DocId, InvertedIndex, Posting};
pub use indexer::{Chunk, Indexer};
pub use source::{Document, SAMPLE_LOGS};

/// Everything a caller usually needs.
pub mod prelude {
    pub use crate::error::*;
    pub use crate::index::*;
    pub use crate::indexer::Indexer;
    pub use crate::source::Document;
}
