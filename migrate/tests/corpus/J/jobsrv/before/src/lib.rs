//! jobsrv: a small job service that starts lazily, can pause and resume, and audits what it runs.

pub mod audit;
pub mod error;
pub mod job;
pub mod service;

pub use error::ServiceError;
pub use job::{Outcome, Task};
pub use service::{Config, Service};
