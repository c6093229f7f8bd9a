//! Names used all over the crate.

pub use workerpool::v2::Error as PoolError;
pub use workerpool::v2::{Pool as WorkPool, Worker};

pub use crate::image::{Format, Image, ResizeJob, Thumbnail};

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;
