//! `LEVEL component: message` lines.

use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Debug,
    Info,
    Warn,
    Error,
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "DEBUG" => Ok(Level::Debug),
            "INFO" => Ok(Level::Info),
            "WARN" => Ok(Level::Warn),
            "ERROR" => Ok(Level::Error),
            other => Err(format!("unknown level {other:?}")),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub level: Level,
    pub component: String,
    pub message: String,
}

impl Record {
    pub fn parse(line: &str) -> Result<Record, String> {
        let (level, rest) = line.split_once(' ').ok_or("no level")?;
        let (component, message) = rest.split_once(": ").ok_or("no component")?;
        Ok(Record {
            level: level.parse()?,
            component: component.to_string(),
            message: message.trim().to_string(),
        })
    }

    /// The line as a sink stores it.
    pub fn render(&self) -> String {
        format!("[{:?}] {} | {}", self.level, self.component, self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_line() {
        let r = Record::parse("WARN db: slow query  ").unwrap();
        assert_eq!(r.level, Level::Warn);
        assert_eq!(r.component, "db");
        assert_eq!(r.render(), "[Warn] db | slow query");
    }

    #[test]
    fn rejects_unknown_levels() {
        assert!(Record::parse("LOUD x: y").unwrap_err().contains("LOUD"));
        assert!(Record::parse("INFO nocolon").is_err());
    }
}
