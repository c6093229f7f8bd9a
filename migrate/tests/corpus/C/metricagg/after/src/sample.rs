//! One metric sample: `name:value|kind`, e.g. `api.latency:12.5|ms`.

use crate::error::ParseError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Counter,
    Gauge,
    Timer,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    pub series: String,
    pub kind: Kind,
    pub value: f64,
}

impl Sample {
    pub fn parse(line_no: usize, line: &str) -> Result<Sample, ParseError> {
        let err = |msg: String| ParseError { line: line_no, msg };
        let (series, rest) = line
            .trim()
            .split_once(':')
            .ok_or_else(|| err("expected `name:value|kind`".into()))?;
        let (value, kind) = rest
            .split_once('|')
            .ok_or_else(|| err(format!("{series}: missing `|kind`")))?;
        let kind = match kind {
            "c" => Kind::Counter,
            "g" => Kind::Gauge,
            "ms" => Kind::Timer,
            other => {
                return Err(err(format!(
                    "{series}: unknown kind {other:?} (use c, g or ms)"
                )))
            }
        };
        let value: f64 = value
            .parse()
            .map_err(|_| err(format!("{series}: {value:?} is not a number")))?;
        if series.is_empty()
            || !series
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_')
        {
            return Err(err(format!("bad series name {series:?}")));
        }
        Ok(Sample {
            series: series.to_string(),
            kind,
            value,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_three_kinds() {
        assert_eq!(Sample::parse(1, "a.b:3|c").unwrap().kind, Kind::Counter);
        assert_eq!(Sample::parse(1, "cpu:0.5|g").unwrap().value, 0.5);
        assert_eq!(Sample::parse(1, " t:12|ms ").unwrap().kind, Kind::Timer);
    }

    #[test]
    fn errors_name_the_line() {
        let e = Sample::parse(7, "x:1|h").unwrap_err();
        assert_eq!(e.line, 7);
        assert!(e.msg.contains("unknown kind"));
        assert!(Sample::parse(1, "x:abc|c").is_err());
        assert!(Sample::parse(1, "bad name:1|c").is_err());
    }
}
