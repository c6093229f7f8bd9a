//! A toy cron: tasks due on a tick run on the pool of their lane.

pub mod audit;
pub mod error;
pub mod lane;
pub mod scheduler;
pub mod task;

pub use error::SchedError;
pub use lane::Lane;
pub use scheduler::{Outcome, Scheduler};
pub use task::*;
