//! The one error type of the crate.

use std::fmt;

#[derive(Debug)]
pub enum LedgerError {
    Pool(workerpool::v2::Error),
    UnknownCurrency(String),
    Parse(String),
    /// A converter went away before answering.
    Lost,
}

impl fmt::Display for LedgerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LedgerError::Pool(err) => write!(f, "pool: {err}"),
            LedgerError::UnknownCurrency(c) => write!(f, "unknown currency {c}"),
            LedgerError::Parse(line) => write!(f, "cannot parse {line:?}"),
            LedgerError::Lost => f.write_str("a converter went away"),
        }
    }
}

impl std::error::Error for LedgerError {}

impl From<workerpool::v2::Error> for LedgerError {
    fn from(err: workerpool::v2::Error) -> Self {
        LedgerError::Pool(err)
    }
}
