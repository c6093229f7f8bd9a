use crate::error::{Result, RollupError};

/// One measurement. Values are integers (milli-units) so sums do not depend on
/// the order the samples arrive in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    pub metric: String,
    pub ts: u64,
    pub value: i64,
}

impl std::str::FromStr for Sample {
    type Err = RollupError;

    fn from_str(line: &str) -> Result<Sample> {
        let bad = |why| RollupError::BadLine { line: line.to_string(), why };
        let mut parts = line.split_whitespace();
        let metric = parts.next().ok_or_else(|| bad("empty line"))?;
        let ts = parts
            .next()
            .ok_or_else(|| bad("no timestamp"))?
            .parse()
            .map_err(|_| bad("bad timestamp"))?;
        let value = parts
            .next()
            .ok_or_else(|| bad("no value"))?
            .parse()
            .map_err(|_| bad("bad value"))?;
        if parts.next().is_some() {
            return Err(bad("trailing fields"));
        }
        Ok(Sample { metric: metric.to_string(), ts, value })
    }
}
