//! plughost: each plugin gets a pool of its own and schedules its jobs on it.

pub mod host;
pub mod plugin;
pub mod plugins;

pub use host::Host;
pub use plugin::{Finding, Plugin};
