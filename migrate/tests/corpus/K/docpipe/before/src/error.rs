//! Pipeline errors.
use std::fmt;

#[derive(Debug)]
pub enum PipeError {
    NoSuchStage(String),
    Pool { stage: String, source: workerpool::Error },
    Incomplete { stage: String, missing: usize },
}

pub type PipeResult<T> = Result<T, PipeError>;

impl fmt::Display for PipeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PipeError::NoSuchStage(s) => write!(f, "no stage named {s:?}"),
            PipeError::Pool { stage, source } => write!(f, "stage {stage}: {source}"),
            PipeError::Incomplete { stage, missing } => write!(f, "stage {stage}: {missing} results missing"),
        }
    }
}

impl std::error::Error for PipeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PipeError::Pool { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Without a stage name; `Stage` methods attach theirs instead.
impl From<workerpool::Error> for PipeError {
    fn from(source: workerpool::Error) -> Self {
        PipeError::Pool { stage: String::from("?"), source }
    }
}
