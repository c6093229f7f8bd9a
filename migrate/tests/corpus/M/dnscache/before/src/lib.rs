//! dnscache: a caching stub resolver over a static zone table. Lookups run on a shared,
//! process-wide pool; bulk prefetches run on a pool of their own.

mod cache;
mod prefetch;
mod resolver;
pub mod zone;

pub use cache::{Cache, CacheStats};
pub use prefetch::{prefetch_pool, Prefetcher};
pub use resolver::{lookup, lookup_many, Answer, Lookup, ResolveError};
