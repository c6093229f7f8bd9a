use std::fmt;

use crate::record::ParseError;

#[derive(Debug)]
pub enum EtlError {
    Pool(workerpool::Error),
    Parse(ParseError),
    Load(String),
    Lost { stage: &'static str, missing: usize },
}

impl fmt::Display for EtlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EtlError::Pool(e) => write!(f, "worker pool: {e}"),
            EtlError::Parse(e) => write!(f, "parse: {e}"),
            EtlError::Load(msg) => write!(f, "load: {msg}"),
            EtlError::Lost { stage, missing } => write!(f, "{stage}: {missing} results never arrived"),
        }
    }
}

impl std::error::Error for EtlError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EtlError::Pool(e) => Some(e),
            EtlError::Parse(e) => Some(e),
            _ => None,
        }
    }
}

impl From<workerpool::Error> for EtlError {
    fn from(e: workerpool::Error) -> Self {
        EtlError::Pool(e)
    }
}

impl From<ParseError> for EtlError {
    fn from(e: ParseError) -> Self {
        EtlError::Parse(e)
    }
}
