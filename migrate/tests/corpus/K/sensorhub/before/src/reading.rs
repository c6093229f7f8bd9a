//! A reading: `kind:sensor=value`, the value in thousandths.
use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub kind: String,
    pub sensor: String,
    pub milli: i64,
}

#[derive(Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot parse reading {:?}", self.0)
    }
}

impl std::error::Error for ParseError {}

impl FromStr for Reading {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        let err = || ParseError(s.to_string());
        let (kind, rest) = s.split_once(':').ok_or_else(err)?;
        let (sensor, value) = rest.split_once('=').ok_or_else(err)?;
        let (int, frac) = value.split_once('.').unwrap_or((value, "0"));
        let neg = int.starts_with('-');
        let int: i64 = int.parse().map_err(|_| err())?;
        let frac3 = format!("{:0<3}", frac);
        let frac: i64 = frac3.get(..3).ok_or_else(err)?.parse().map_err(|_| err())?;
        let milli = if neg { int * 1000 - frac } else { int * 1000 + frac };
        Ok(Reading { kind: kind.to_string(), sensor: sensor.to_string(), milli })
    }
}
