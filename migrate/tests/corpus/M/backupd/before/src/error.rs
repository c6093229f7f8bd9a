use std::fmt;

#[derive(Debug)]
pub enum BackupError {
    Pool(workerpool::Error),
    /// Files named in the plan that the source does not have.
    Missing(Vec<String>),
    /// A phase lost answers: its workers hung up.
    Lost(&'static str),
}

impl fmt::Display for BackupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackupError::Pool(e) => write!(f, "pool: {e}"),
            BackupError::Missing(names) => write!(f, "missing from source: {}", names.join(", ")),
            BackupError::Lost(phase) => write!(f, "the {phase} phase lost answers"),
        }
    }
}

impl std::error::Error for BackupError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BackupError::Pool(e) => Some(e),
            _ => None,
        }
    }
}

impl From<workerpool::Error> for BackupError {
    fn from(e: workerpool::Error) -> Self {
        BackupError::Pool(e)
    }
}
