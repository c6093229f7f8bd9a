//! Names used all over the crate.

pub use workerpool::Error as PoolError;
pub use workerpool::Pool as WorkPool;

pub use crate::image::{Format, Image, ResizeJob, Thumbnail};

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;
