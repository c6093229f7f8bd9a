use std::fmt;

#[derive(Debug)]
pub enum ShipError {
    /// `start` was not called, or `shutdown` already was.
    NotStarted,
    Pool(workerpool::Error),
    Parse { line: usize, reason: String },
}

impl fmt::Display for ShipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShipError::NotStarted => write!(f, "the shipper is not running"),
            ShipError::Pool(e) => write!(f, "worker pool: {e}"),
            ShipError::Parse { line, reason } => write!(f, "line {line}: {reason}"),
        }
    }
}

impl std::error::Error for ShipError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ShipError::Pool(e) => Some(e),
            _ => None,
        }
    }
}

impl From<workerpool::Error> for ShipError {
    fn from(e: workerpool::Error) -> Self {
        ShipError::Pool(e)
    }
}
