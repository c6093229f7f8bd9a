//! workerpool 2.1's API for the tests: the library's own copy of it, at the top level.
#![allow(deprecated, missing_docs)]

#[path = "../../../workerpool/src/v2/mod.rs"]
mod v2;

pub use v2::*;
