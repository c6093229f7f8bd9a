//! wordfreq: counts words across documents on a worker pool.

pub mod chunk;
pub mod count;
pub mod fanout;
pub mod normalize;
pub mod report;

pub use report::{count_text, top};
