//! Errors of the folding pipeline.
use std::fmt;

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;
pub type FoldResult<T> = Result<T, FoldError>;

#[derive(Debug)]
pub enum FoldError {
    Parse { line: usize, reason: String },
    Pool(workerpool::Error),
    Other(BoxError),
}

impl fmt::Display for FoldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FoldError::Parse { line, reason } => write!(f, "line {line}: {reason}"),
            FoldError::Pool(e) => write!(f, "pool: {e}"),
            FoldError::Other(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FoldError {}

impl From<workerpool::Error> for FoldError {
    fn from(e: workerpool::Error) -> Self {
        FoldError::Pool(e)
    }
}

impl From<BoxError> for FoldError {
    fn from(e: BoxError) -> Self {
        FoldError::Other(e)
    }
}
