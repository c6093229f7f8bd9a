//! cronlite: a tiny cron. Parses a crontab, simulates a range of minutes and runs every
//! due entry as a boxed task on a worker pool; an audit trail is kept by a second,
//! process-wide pool.

pub mod audit;
pub mod commands;
pub mod executor;
pub mod scheduler;
pub mod spec;

pub use executor::{Executor, Task};
pub use scheduler::{Run, Scheduler};
pub use spec::{parse_crontab, Entry, Schedule};
