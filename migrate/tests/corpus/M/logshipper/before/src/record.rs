use std::fmt;
use std::sync::mpsc::Sender;

use crate::error::ShipError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Debug,
    Info,
    Warn,
    Error,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Level::Debug => "DEBUG",
            Level::Info => "INFO",
            Level::Warn => "WARN",
            Level::Error => "ERROR",
        };
        f.write_str(s)
    }
}

/// A raw line as read from a file, with its position.
#[derive(Debug, Clone)]
pub struct LogLine {
    pub seq: usize,
    pub raw: String,
}

/// A line once parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    pub seq: usize,
    pub level: Level,
    pub service: String,
    pub message: String,
}

/// What the parse stage gets: a line and where to send the outcome.
pub type ParseJob = (LogLine, Sender<Result<Parsed, ShipError>>);

/// What the index stage gets: a parsed line and an acknowledgement channel.
pub type IndexJob = (Parsed, Sender<usize>);
