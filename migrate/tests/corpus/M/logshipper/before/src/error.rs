use std::fmt;

/// Everything that can go wrong while shipping a batch of lines.
#[derive(Debug)]
pub enum ShipError {
    /// The worker pool refused a job.
    Pool(workerpool::Error),
    /// A line could not be parsed.
    Parse { seq: usize, reason: String },
    /// A worker hung up before answering.
    Disconnected(&'static str),
}

pub type ShipResult<T> = Result<T, ShipError>;

impl fmt::Display for ShipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShipError::Pool(e) => write!(f, "pool error: {e}"),
            ShipError::Parse { seq, reason } => write!(f, "line {seq}: {reason}"),
            ShipError::Disconnected(stage) => write!(f, "{stage} stage hung up"),
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
