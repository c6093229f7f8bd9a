//! The names the crate's modules and users take.
pub use workerpool::v2::{Pool, Worker};
