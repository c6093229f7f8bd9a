//! backupsched: incremental backups of a (virtual) file tree on a schedule.

pub mod catalog;
pub mod error;
pub mod fs;
pub mod schedule;
pub mod scheduler;

pub use catalog::{Catalog, Snapshot};
pub use error::{BackupError, Result};
pub use fs::{FileMeta, VirtualFs};
pub use schedule::{BackupJob, Schedule};
pub use scheduler::{RunReport, Scheduler};
