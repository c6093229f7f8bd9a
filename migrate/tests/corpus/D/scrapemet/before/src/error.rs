use std::fmt;

#[derive(Debug)]
pub enum ScrapeError {
    Config { line: usize, msg: String },
    Fetch { target: String, msg: String },
    Parse { target: String, line: String },
    Pool(workerpool::Error),
    Timeout(usize),
}

impl fmt::Display for ScrapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ScrapeError::*;
        match self {
            Config { line, msg } => write!(f, "config line {line}: {msg}"),
            Fetch { target, msg } => write!(f, "{target}: fetch failed: {msg}"),
            Parse { target, line } => write!(f, "{target}: cannot parse {line:?}"),
            Pool(e) => write!(f, "scrape pool: {e}"),
            Timeout(n) => write!(f, "{n} scrapes did not finish"),
        }
    }
}

impl std::error::Error for ScrapeError {}

impl From<workerpool::Error> for ScrapeError {
    fn from(e: workerpool::Error) -> Self {
        ScrapeError::Pool(e)
    }
}
