//! Errors of the scheduler.

use std::fmt;

pub type Result<T> = std::result::Result<T, BackupError>;

#[derive(Debug)]
pub enum BackupError {
    Schedule { line: usize, msg: String },
    UnknownJob(String),
    Pool(workerpool::Error),
}

impl fmt::Display for BackupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackupError::Schedule { line, msg } => write!(f, "schedule line {line}: {msg}"),
            BackupError::UnknownJob(j) => write!(f, "no backup job named {j:?}"),
            BackupError::Pool(e) => write!(f, "backup threads: {e}"),
        }
    }
}

impl std::error::Error for BackupError {}

impl From<workerpool::Error> for BackupError {
    fn from(e: workerpool::Error) -> Self {
        BackupError::Pool(e)
    }
}
