//! pricefeed: normalises quotes from several providers on a shared pool and keeps a per-symbol book.
pub mod book;
pub mod feed;
pub mod pools;
pub mod quote;

pub use book::{Book, Level};
pub use feed::Feed;
pub use quote::{ParseError, Quote};

pub type Error = Box<dyn std::error::Error + Send + Sync + 'static>;
pub type Result<T, E = Error> = std::result::Result<T, E>;
