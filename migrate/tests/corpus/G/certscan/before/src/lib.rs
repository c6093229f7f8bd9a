//! Checks certificate expiry for many hosts on sharded probe pools.

pub mod certdb;
pub mod inspect;
pub mod shards;

pub use certdb::CertDb;
pub use inspect::{Probe, Report, Verdict};
pub use shards::{ShardError, Shards};
