//! One sample: `name:value|tag`.

use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Metric {
    pub name: String,
    pub value: i64,
    pub tag: String,
}

impl Metric {
    pub fn key(&self) -> String {
        format!("{}.{}", self.name, self.tag)
    }
}

#[derive(Debug, PartialEq, Eq)]
pub struct ParseMetricError(pub String);

impl fmt::Display for ParseMetricError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad metric line: {:?}", self.0)
    }
}

impl std::error::Error for ParseMetricError {}

impl FromStr for Metric {
    type Err = ParseMetricError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseMetricError(s.to_string());
        let (name, rest) = s.split_once(':').ok_or_else(bad)?;
        let (value, tag) = rest.split_once('|').ok_or_else(bad)?;
        Ok(Metric {
            name: name.to_string(),
            value: value.parse().map_err(|_| bad())?,
            tag: tag.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_line() {
        let m: Metric = "hits:4|web".parse().unwrap();
        assert_eq!(m.key(), "hits.web");
        assert_eq!(m.value, 4);
        assert!("hits=4".parse::<Metric>().is_err());
    }
}
