//! The one error type of stagekit.

use std::fmt;

#[derive(Debug)]
pub enum StageError {
    /// The pool refused the job.
    Pool(workerpool::Error),
    /// A stage was built with an invalid setting.
    Config(String),
    /// A worker went away before sending its result.
    Lost {
        stage: String,
        expected: usize,
        got: usize,
    },
}

impl fmt::Display for StageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StageError::Pool(e) => write!(f, "pool error: {e}"),
            StageError::Config(msg) => write!(f, "bad stage config: {msg}"),
            StageError::Lost {
                stage,
                expected,
                got,
            } => {
                write!(f, "stage {stage}: expected {expected} results, got {got}")
            }
        }
    }
}

impl std::error::Error for StageError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StageError::Pool(e) => Some(e),
            _ => None,
        }
    }
}

impl From<workerpool::Error> for StageError {
    fn from(e: workerpool::Error) -> Self {
        StageError::Pool(e)
    }
}
