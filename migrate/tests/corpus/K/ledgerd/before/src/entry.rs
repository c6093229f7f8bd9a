//! Journal entries and their text form: `account,cents,memo`.
use crate::error::{LedgerError, LedgerResult};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub account: String,
    pub cents: i64,
    pub memo: String,
}

impl Entry {
    pub fn parse(line_no: usize, line: &str) -> LedgerResult<Entry> {
        let mut fields = line.splitn(3, ',').map(str::trim);
        let account = fields.next().filter(|a| !a.is_empty()).ok_or_else(|| LedgerError::Parse {
            line: line_no,
            reason: "missing account".into(),
        })?;
        let cents = fields
            .next()
            .ok_or_else(|| LedgerError::Parse { line: line_no, reason: "missing amount".into() })?
            .parse::<i64>()
            .map_err(|e| LedgerError::Parse { line: line_no, reason: e.to_string() })?;
        let memo = fields.next().unwrap_or("").to_string();
        Ok(Entry { account: account.to_string(), cents, memo })
    }
}

/// Checks that a journal sums to zero (double entry).
pub fn check_balanced(entries: &[Entry]) -> LedgerResult<()> {
    match entries.iter().map(|e| e.cents).sum::<i64>() {
        0 => Ok(()),
        off => Err(LedgerError::Unbalanced(off)),
    }
}
