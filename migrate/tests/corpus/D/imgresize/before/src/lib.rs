//! Thumbnail generation for grayscale rasters, spread over a worker pool.

mod error;
pub mod image;
pub mod resize;

pub use error::{BoxError, Result};

pub mod prelude {
    pub use crate::error::{BoxError, Result};
    pub use crate::image::{Image, Size};
    pub use crate::resize::{ResizeJob, Resizer, Thumb};
}
