pub mod image;
pub mod queue;
pub mod workers;

pub use image::{Image, Thumbnail};
pub use queue::{enqueue, queue, ThumbJob};

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;
