//! The phases of a run and the worker each one runs.

mod render;
mod scan;

use std::fmt;
use std::str::FromStr;

use workerpool::Worker;

pub use render::RenderJob;
pub use scan::{Digest, ScanJob};

use crate::error::IndexError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Scan,
    Render,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Scan => "scan",
            Phase::Render => "render",
        })
    }
}

impl FromStr for Phase {
    type Err = IndexError;

    fn from_str(s: &str) -> Result<Phase, IndexError> {
        match s.trim() {
            "scan" => Ok(Phase::Scan),
            "render" => Ok(Phase::Render),
            other => Err(IndexError::UnknownPhase(other.to_string())),
        }
    }
}

/// The worker for `phase`: scanning takes `ScanJob`s, rendering takes `RenderJob`s.
pub fn worker_for(phase: Phase) -> Worker {
    match phase {
        Phase::Scan => Worker::new(scan::scan),
        Phase::Render => {
            let template = render::Template::default();
            Worker::new(move |job: RenderJob| template.render(job))
        }
    }
}
