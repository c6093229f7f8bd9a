//! logfold: folds access-log lines into per-route statistics on a worker pool.
pub mod error;
pub mod parse;
pub mod fold;

pub use error::{FoldError, FoldResult};
pub use fold::{Folder, RouteStats};
pub use parse::{parse_line, Entry};
