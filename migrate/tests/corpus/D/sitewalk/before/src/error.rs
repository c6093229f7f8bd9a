use std::fmt;

#[derive(Debug)]
pub enum CrawlError {
    Pool(workerpool::Error),
    StageLost { stage: &'static str, got: usize, want: usize },
    BadSeed(String),
}

pub type Result<T> = std::result::Result<T, CrawlError>;

impl fmt::Display for CrawlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrawlError::Pool(e) => write!(f, "pool error: {e}"),
            CrawlError::StageLost { stage, got, want } => write!(f, "stage {stage}: {got} of {want} results"),
            CrawlError::BadSeed(s) => write!(f, "bad seed url {s:?}"),
        }
    }
}

impl std::error::Error for CrawlError {}

impl From<workerpool::Error> for CrawlError {
    fn from(e: workerpool::Error) -> Self {
        CrawlError::Pool(e)
    }
}
