//! A library whose prelude re-exports the pool types.

pub mod prelude;
pub mod squares;
