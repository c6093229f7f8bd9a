//! The dispatcher's error type.

use std::fmt;

pub type HookResult<T> = Result<T, HookError>;

#[derive(Debug)]
pub enum HookError {
    UnknownEndpoint(String),
    AlreadySubscribed(String),
    Pool(workerpool::Error),
}

impl fmt::Display for HookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HookError::UnknownEndpoint(u) => write!(f, "no endpoint {u} is subscribed"),
            HookError::AlreadySubscribed(u) => {
                write!(f, "{u} is already subscribed; unsubscribe it first")
            }
            HookError::Pool(e) => write!(f, "delivery pool: {e}"),
        }
    }
}

impl std::error::Error for HookError {}

impl From<workerpool::Error> for HookError {
    fn from(e: workerpool::Error) -> Self {
        Self::Pool(e)
    }
}
