//! The names the crate's modules and users take.
pub use workerpool::{Pool, Worker};
