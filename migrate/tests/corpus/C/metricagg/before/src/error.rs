//! Errors of aggregation.

use std::error::Error;
use std::fmt;

pub type DynResult<T> = Result<T, Box<dyn Error + Send + Sync>>;

#[derive(Debug, Clone, PartialEq)]
pub struct ParseError {
    pub line: usize,
    pub msg: String,
}

#[derive(Debug)]
pub enum AggError {
    Parse(ParseError),
    Pool(workerpool::Error),
    /// A worker thread died before answering.
    Lost {
        expected: usize,
        got: usize,
    },
}

impl fmt::Display for AggError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AggError::Parse(p) => write!(f, "line {}: {}", p.line, p.msg),
            AggError::Pool(e) => write!(f, "aggregation pool: {e}"),
            AggError::Lost { expected, got } => write!(f, "lost results: got {got} of {expected}"),
        }
    }
}

impl Error for AggError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            AggError::Pool(e) => Some(e),
            _ => None,
        }
    }
}

impl From<workerpool::Error> for AggError {
    fn from(e: workerpool::Error) -> Self {
        AggError::Pool(e)
    }
}

impl From<ParseError> for AggError {
    fn from(e: ParseError) -> Self {
        AggError::Parse(e)
    }
}
