//! Converts ledger entries to euro cents on a pool of converter threads.

pub mod convert;
pub mod engine;
pub mod error;
pub mod rates;

pub use convert::{Converted, Entry};
pub use engine::Engine;
pub use error::LedgerError;
pub use rates::RateTable;

/// Parses `id,amount,currency` lines; blank lines and `#` comments are skipped.
pub fn parse_ledger(text: &str) -> Result<Vec<Entry>, LedgerError> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut fields = line.split(',').map(str::trim);
            let (Some(id), Some(amount), Some(currency)) =
                (fields.next(), fields.next(), fields.next())
            else {
                return Err(LedgerError::Parse(line.to_string()));
            };
            let id = id
                .parse()
                .map_err(|_| LedgerError::Parse(line.to_string()))?;
            let amount_cents = amount
                .parse()
                .map_err(|_| LedgerError::Parse(line.to_string()))?;
            Ok(Entry {
                id,
                amount_cents,
                currency: currency.to_uppercase(),
            })
        })
        .collect()
}
