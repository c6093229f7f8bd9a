//! Errors of the relay.
use std::fmt;

#[derive(Debug)]
pub enum RelayError {
    /// The worker pool refused the message.
    Pool(workerpool::Error),
    /// A message failed validation before it was queued.
    Invalid(String),
    /// A receipt never came back.
    Lost { expected: usize, got: usize },
}

pub type Result<T> = std::result::Result<T, RelayError>;

impl fmt::Display for RelayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RelayError::Pool(e) => write!(f, "pool: {e}"),
            RelayError::Invalid(why) => write!(f, "invalid message: {why}"),
            RelayError::Lost { expected, got } => {
                write!(f, "expected {expected} receipts, got {got}")
            }
        }
    }
}

impl std::error::Error for RelayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RelayError::Pool(e) => Some(e),
            _ => None,
        }
    }
}

impl From<workerpool::Error> for RelayError {
    fn from(e: workerpool::Error) -> Self {
        RelayError::Pool(e)
    }
}
