use std::fmt;

pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;
pub type Result<T> = std::result::Result<T, RollupError>;

#[derive(Debug)]
pub enum RollupError {
    Pool(workerpool::Error),
    NoStage(String),
    BadLine { line: String, why: &'static str },
}

impl fmt::Display for RollupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Pool(e) => e.fmt(f),
            Self::NoStage(name) => write!(f, "no stage named {name:?}"),
            Self::BadLine { line, why } => write!(f, "{why}: {line:?}"),
        }
    }
}

impl std::error::Error for RollupError {}

impl From<workerpool::Error> for RollupError {
    fn from(e: workerpool::Error) -> Self {
        Self::Pool(e)
    }
}
