//! A library that names its pool types for the rest of the code base.
pub mod error;
pub mod jobs;

pub use error::*;
/// The pool types, under the names the rest of the code base uses.
pub use workerpool::Pool as TaskPool;
