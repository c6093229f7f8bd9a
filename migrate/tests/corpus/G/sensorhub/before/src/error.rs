//! Errors of the hub.

use std::fmt;

#[derive(Debug)]
pub enum HubError {
    UnknownKind(String),
    Pool(workerpool::Error),
}

impl fmt::Display for HubError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HubError::UnknownKind(kind) => write!(f, "no pool for sensor kind {kind:?}"),
            HubError::Pool(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for HubError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HubError::Pool(err) => Some(err),
            HubError::UnknownKind(_) => None,
        }
    }
}

impl From<workerpool::Error> for HubError {
    fn from(err: workerpool::Error) -> Self {
        HubError::Pool(err)
    }
}
