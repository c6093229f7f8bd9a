//! Quotes as providers send them: `SYMBOL VENUE PRICE SIZE`, price in cents.
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Quote {
    pub symbol: String,
    pub venue: String,
    pub cents: u64,
    pub size: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    Fields(usize),
    Number(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Fields(n) => write!(f, "expected 4 fields, got {n}"),
            ParseError::Number(s) => write!(f, "not a number: {s}"),
        }
    }
}

impl std::error::Error for ParseError {}

impl Quote {
    pub fn parse(line: &str) -> Result<Quote, ParseError> {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 4 {
            return Err(ParseError::Fields(f.len()));
        }
        let num = |s: &str| s.parse::<u64>().map_err(|_| ParseError::Number(s.to_string()));
        Ok(Quote { symbol: f[0].to_uppercase(), venue: f[1].to_lowercase(), cents: num(f[2])?, size: num(f[3])? })
    }
}
