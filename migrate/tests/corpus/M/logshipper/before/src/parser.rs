//! The line format: `LEVEL service: message`.

use crate::error::ShipError;
use crate::record::{Level, LogLine, Parsed};

pub fn parse_level(word: &str) -> Option<Level> {
    match word.to_ascii_uppercase().as_str() {
        "DEBUG" => Some(Level::Debug),
        "INFO" => Some(Level::Info),
        "WARN" | "WARNING" => Some(Level::Warn),
        "ERROR" | "ERR" => Some(Level::Error),
        _ => None,
    }
}

pub fn parse_line(line: &LogLine) -> Result<Parsed, ShipError> {
    let fail = |reason: &str| ShipError::Parse {
        seq: line.seq,
        reason: reason.to_string(),
    };
    let trimmed = line.raw.trim();
    let (level_word, rest) = trimmed.split_once(' ').ok_or_else(|| fail("no level"))?;
    let level = parse_level(level_word).ok_or_else(|| fail("unknown level"))?;
    let (service, message) = rest.split_once(':').ok_or_else(|| fail("no service"))?;
    let service = service.trim();
    if service.is_empty() {
        return Err(fail("empty service"));
    }
    Ok(Parsed {
        seq: line.seq,
        level,
        service: service.to_string(),
        message: message.trim().to_string(),
    })
}
