//! The converter worker and the jobs it takes.

use std::sync::mpsc::Sender;
use std::sync::Arc;

use crate::error::LedgerError;
use crate::rates::RateTable;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub id: u32,
    pub amount_cents: i64,
    pub currency: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    pub id: u32,
    pub eur_cents: i64,
}

/// One entry and where its result goes.
pub type ConvertJob = (Entry, Sender<Result<Converted, LedgerError>>);

/// The function each converter thread runs; the table is shared, never copied.
pub fn converter(rates: Arc<RateTable>) -> impl Fn(ConvertJob) + Send + Sync + 'static {
    move |(entry, reply)| {
        let result = rates
            .to_eur_cents(&entry.currency, entry.amount_cents)
            .map(|eur_cents| Converted {
                id: entry.id,
                eur_cents,
            })
            .ok_or(LedgerError::UnknownCurrency(entry.currency));
        // The caller may have given up on the batch; nothing to do then.
        let _ = reply.send(result);
    }
}
