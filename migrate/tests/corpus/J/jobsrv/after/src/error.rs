//! Service errors.

use std::fmt;

#[derive(Debug, PartialEq, Eq)]
pub enum ServiceError {
    NotStarted,
    AlreadyStarted,
    Paused,
    Pool(String),
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServiceError::NotStarted => f.write_str("service is not started"),
            ServiceError::AlreadyStarted => f.write_str("service is already running"),
            ServiceError::Paused => f.write_str("service is paused"),
            ServiceError::Pool(e) => write!(f, "pool: {e}"),
        }
    }
}

impl std::error::Error for ServiceError {}

impl From<workerpool::v2::Error> for ServiceError {
    fn from(e: workerpool::v2::Error) -> Self {
        ServiceError::Pool(e.to_string())
    }
}
