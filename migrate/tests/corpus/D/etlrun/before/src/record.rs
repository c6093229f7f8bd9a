use std::fmt;

/// One row of the `orders` feed: `id,customer,amount_cents,country`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Record {
    pub id: u32,
    pub customer: String,
    pub amount_cents: i64,
    pub country: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for ParseError {}

impl Record {
    pub fn parse(line_no: usize, line: &str) -> Result<Record, ParseError> {
        let err = |reason: &str| ParseError { line: line_no, reason: reason.to_owned() };
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let [id, customer, amount, country] = fields[..] else {
            return Err(err(&format!("expected 4 fields, got {}", fields.len())));
        };
        let id = id.parse().map_err(|_| err("bad id"))?;
        let amount_cents = parse_amount(amount).ok_or_else(|| err("bad amount"))?;
        if customer.is_empty() {
            return Err(err("empty customer"));
        }
        Ok(Record {
            id,
            customer: customer.to_owned(),
            amount_cents,
            country: country.to_uppercase(),
        })
    }
}

/// "12.5" -> 1250, "-3" -> -300
fn parse_amount(s: &str) -> Option<i64> {
    let (neg, s) = s.strip_prefix('-').map_or((false, s), |rest| (true, rest));
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    if frac.len() > 2 {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let frac: i64 = if frac.is_empty() { 0 } else { format!("{frac:0<2}").parse().ok()? };
    let v = whole * 100 + frac;
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts() {
        assert_eq!(parse_amount("12.5"), Some(1250));
        assert_eq!(parse_amount("-3"), Some(-300));
        assert_eq!(parse_amount("1.234"), None);
    }

    #[test]
    fn bad_rows() {
        assert!(Record::parse(1, "x,a,1,se").is_err());
        assert!(Record::parse(2, "1,a,1").is_err());
        assert_eq!(Record::parse(3, "7, bo ,2.10,se").unwrap().amount_cents, 210);
    }
}
