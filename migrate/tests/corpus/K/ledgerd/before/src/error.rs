//! The one error type of the crate.
use std::fmt;

#[derive(Debug)]
pub enum LedgerError {
    Parse { line: usize, reason: String },
    Tasks(workerpool::Error),
    Unbalanced(i64),
    Disconnected,
}

pub type LedgerResult<T> = Result<T, LedgerError>;

impl fmt::Display for LedgerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Parse { line, reason } => write!(f, "line {line}: {reason}"),
            Self::Tasks(e) => write!(f, "task pool: {e}"),
            Self::Unbalanced(by) => write!(f, "journal is off by {by} cents"),
            Self::Disconnected => f.write_str("a worker went away"),
        }
    }
}

impl std::error::Error for LedgerError {}

impl From<workerpool::Error> for LedgerError {
    fn from(e: workerpool::Error) -> Self {
        Self::Tasks(e)
    }
}

impl From<std::sync::mpsc::RecvError> for LedgerError {
    fn from(_: std::sync::mpsc::RecvError) -> Self {
        Self::Disconnected
    }
}
