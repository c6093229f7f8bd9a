//! A content-addressed build cache: inputs are hashed on a shared pool, artifacts are stored
//! locally and optionally uploaded to a remote on a pool of their own.

pub mod cache;
pub mod digest;
pub mod hasher;
pub mod store;

pub use cache::{Cache, CacheStats, Outcome};
pub use digest::Digest;
pub use store::{MemStore, Store};

pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;
pub type Result<T, E = BoxError> = std::result::Result<T, E>;
