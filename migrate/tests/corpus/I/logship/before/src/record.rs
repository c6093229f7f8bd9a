use crate::error::ShipError;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Debug,
    Info,
    Warn,
    Error,
}

impl Level {
    fn parse(s: &str) -> Option<Level> {
        match s {
            "DEBUG" => Some(Level::Debug),
            "INFO" => Some(Level::Info),
            "WARN" => Some(Level::Warn),
            "ERROR" => Some(Level::Error),
            _ => None,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Level::Debug => "debug",
            Level::Info => "info",
            Level::Warn => "warn",
            Level::Error => "error",
        };
        f.write_str(s)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct LogRecord {
    pub seq: usize,
    pub level: Level,
    pub service: String,
    pub message: String,
}

/// A run of records shipped together.
#[derive(Debug, Clone)]
pub struct Batch {
    pub id: u32,
    pub records: Vec<LogRecord>,
}

impl Batch {
    pub fn bytes(&self) -> usize {
        self.records
            .iter()
            .map(|r| r.service.len() + r.message.len() + 2)
            .sum()
    }
}

/// Parses `LEVEL service: message` lines; blank lines and `#` comments are skipped.
pub fn parse_lines(text: &str) -> Result<Vec<LogRecord>, ShipError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (level, rest) = line.split_once(' ').ok_or_else(|| ShipError::Parse {
            line: i + 1,
            reason: "no level".into(),
        })?;
        let level = Level::parse(level).ok_or_else(|| ShipError::Parse {
            line: i + 1,
            reason: format!("unknown level {level:?}"),
        })?;
        let (service, message) = rest.split_once(':').ok_or_else(|| ShipError::Parse {
            line: i + 1,
            reason: "no service".into(),
        })?;
        out.push(LogRecord {
            seq: out.len(),
            level,
            service: service.trim().to_string(),
            message: message.trim().to_string(),
        });
    }
    Ok(out)
}

/// Cuts records into batches of at most `size`, numbered from 1.
pub fn batches(records: Vec<LogRecord>, size: usize) -> Vec<Batch> {
    records
        .chunks(size.max(1))
        .enumerate()
        .map(|(i, chunk)| Batch {
            id: i as u32 + 1,
            records: chunk.to_vec(),
        })
        .collect()
}
