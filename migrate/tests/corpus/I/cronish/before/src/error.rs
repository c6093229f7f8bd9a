use crate::lane::Lane;
use std::fmt;

#[derive(Debug)]
pub enum SchedError {
    Pool(workerpool::Error),
    NoLane(Lane),
    Lost { expected: usize, got: usize },
}

impl fmt::Display for SchedError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            SchedError::Pool(e) => write!(f, "pool error: {}", e),
            SchedError::NoLane(l) => write!(f, "lane {:?} is not configured", l),
            SchedError::Lost { expected, got } => {
                write!(f, "expected {} outcomes, got {}", expected, got)
            }
        }
    }
}

impl std::error::Error for SchedError {}

impl From<workerpool::Error> for SchedError {
    fn from(err: workerpool::Error) -> SchedError {
        SchedError::Pool(err)
    }
}

pub type Result<T, E = SchedError> = std::result::Result<T, E>;
