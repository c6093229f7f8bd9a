//! Errors of the warmer.

use std::fmt;

pub type WarmResult<T> = Result<T, WarmError>;

#[derive(Debug)]
pub enum WarmError {
    /// `warm` was called with the warmer scaled to zero threads.
    NoThreads,
    Plan {
        line: usize,
        msg: String,
    },
    Pool(workerpool::Error),
}

impl fmt::Display for WarmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoThreads => {
                f.write_str("the warmer has no fetch threads; call scale_to(n) with n > 0")
            }
            Self::Plan { line, msg } => write!(f, "plan line {line}: {msg}"),
            Self::Pool(e) => write!(f, "fetch pool: {e}"),
        }
    }
}

impl std::error::Error for WarmError {}

impl From<workerpool::Error> for WarmError {
    fn from(e: workerpool::Error) -> Self {
        Self::Pool(e)
    }
}
