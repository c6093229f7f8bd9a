//! backupd: copies files from a source store to a destination store, then verifies the
//! copies. Both phases run on the same worker pool, one after the other.

pub mod checksum;
pub mod engine;
pub mod error;
pub mod store;

pub use engine::{CopyJob, Engine, Summary, VerifyJob};
pub use error::BackupError;
pub use store::Store;
