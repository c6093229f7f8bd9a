//! thumbgen: computes thumbnail geometry and a cheap checksum for a batch of images,
//! fanning the work out over a thread pool.

pub mod farm;
pub mod geometry;
pub mod image;

pub use workerpool::Pool as ThreadPool;

pub use farm::{Farm, RenderJob};
pub use geometry::{fit_within, Size};
pub use image::{Image, Thumb};

/// The error type of the whole crate.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;
pub type Result<T> = std::result::Result<T, BoxError>;
