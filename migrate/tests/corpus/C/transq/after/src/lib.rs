//! transq: queue media transcoding jobs on a process-wide encoder pool.

pub mod encode;
pub mod job;
pub mod profile;
pub mod queue;

pub use job::{Job, JobId, Media, Outcome};
pub use profile::{Codec, Profile};
pub use queue::{Batch, QueueError};
