//! `use prelude_lib::prelude::*` brings the pool types.

pub use workerpool::Error as PoolError;
pub use workerpool::{Pool, Worker};
