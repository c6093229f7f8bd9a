//! docpipe: a text-indexing pipeline of named stages, each a worker pool with its own job type.
pub mod error;
pub mod pipeline;
pub mod stage;
pub mod text;

pub use error::PipeError;
pub use pipeline::{Pipeline, PipelineBuilder};
pub use stage::{build_stage, Stage};

pub mod prelude {
    //! Everything a pipeline user needs.
    pub use crate::error::*;
    pub use crate::pipeline::*;
    pub use crate::stage::*;
    pub use crate::text::*;
}
