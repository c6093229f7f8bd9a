//! stagekit: processing stages, each a worker pool that runs one kind of job.

pub mod batch;
pub mod builder;
pub mod error;
pub mod stage;

pub use batch::run_batch;
pub use builder::StageBuilder;
pub use error::StageError;
pub use stage::Stage;
