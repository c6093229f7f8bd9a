use std::error::Error;

/// Anything that can go wrong in the resizer.
pub type BoxError = Box<dyn Error + Send + Sync>;

pub type Result<T> = std::result::Result<T, BoxError>;
