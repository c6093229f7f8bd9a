//! Parsing of `METHOD /route STATUS MILLIS` lines.
use crate::error::FoldError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub method: String,
    pub route: String,
    pub status: u16,
    pub millis: u64,
}

pub fn parse_line(n: usize, line: &str) -> Result<Entry, FoldError> {
    let mut it = line.split_whitespace();
    let bad = |reason: &str| FoldError::Parse { line: n, reason: reason.to_string() };
    let method = it.next().ok_or_else(|| bad("missing method"))?.to_string();
    let route = it.next().ok_or_else(|| bad("missing route"))?.to_string();
    let status = it
        .next()
        .ok_or_else(|| bad("missing status"))?
        .parse()
        .map_err(|_| bad("bad status"))?;
    let millis = it
        .next()
        .ok_or_else(|| bad("missing millis"))?
        .parse()
        .map_err(|_| bad("bad millis"))?;
    Ok(Entry { method, route, status, millis })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_line() {
        let e = parse_line(1, "GET /a 200 12").unwrap();
        assert_eq!(e.route, "/a");
        assert_eq!(e.millis, 12);
    }

    #[test]
    fn rejects_short_line() {
        assert!(matches!(parse_line(3, "GET"), Err(FoldError::Parse { line: 3, .. })));
    }
}
