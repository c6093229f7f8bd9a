//! dnscheck: resolve names on one pool, check the answers on another.

pub mod checks;
pub mod pipeline;
pub mod sync;
pub mod zone;

pub use checks::{default_checks, Check, Finding, Severity};
pub use pipeline::{Pipeline, PipelineConfig};
pub use zone::{Answer, Record, Zone};

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;
pub type BoxResult<T> = Result<T, BoxError>;
