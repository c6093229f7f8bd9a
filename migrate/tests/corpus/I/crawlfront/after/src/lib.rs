//! The frontier of a small crawler: URLs are sharded by host onto one pool per
//! shard, so that one host's pages are fetched by the same few threads.

pub mod fetch;
pub mod frontier;
pub mod url;
pub mod web;

pub mod prelude {
    pub use crate::fetch::{fetcher, HitCounts, Page};
    pub use crate::frontier::{AllowAll, CrawlError, Crawled, Frontier, Policy};
    pub use crate::url::Url;
    pub use workerpool::Pool;

    /// One pool per shard, shared with whoever feeds it.
    pub type Shards = Vec<std::sync::Arc<Pool<(crate::url::Url, u32, std::sync::mpsc::Sender<crate::fetch::Page>)>>>;
}
