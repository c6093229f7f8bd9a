use std::fmt;

/// For `main` and the examples, which mix our errors with std's.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug)]
pub enum ShipError {
    /// The shipping pool refused the batch.
    Pool(workerpool::Error),
    /// A line that is not `LEVEL service: message`.
    Parse { line: usize, reason: String },
    /// The receipt channel hung up before every batch was acknowledged.
    Disconnected,
}

impl fmt::Display for ShipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShipError::Pool(e) => write!(f, "shipping pool: {e}"),
            ShipError::Parse { line, reason } => write!(f, "line {line}: {reason}"),
            ShipError::Disconnected => f.write_str("receipt channel closed early"),
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
