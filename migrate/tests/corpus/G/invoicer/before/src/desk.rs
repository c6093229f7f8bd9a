//! A billing desk: the worker that renders invoices.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;

use crate::model::{Invoice, Rendered};
use crate::tax::TaxTable;
use crate::wp::Worker;

/// What a desk is handed: an invoice and where the rendered copy goes.
pub type Job = (Invoice, Sender<Rendered>);

pub fn render(taxes: &TaxTable, invoice: &Invoice) -> Rendered {
    let net = invoice.net_cents();
    let vat = taxes.vat(invoice.country, net);
    Rendered {
        number: invoice.number,
        text: format!(
            "INV-{:04} {:<12} {} {} lines net {:>6} vat {:>5} gross {:>6}",
            invoice.number,
            invoice.customer,
            invoice.country,
            invoice.lines.len(),
            net,
            vat,
            net + vat
        ),
        gross_cents: net + vat,
    }
}

/// A new desk. Every desk shares the tax table and the running total of what was issued.
pub fn open(taxes: Arc<TaxTable>, issued: Arc<AtomicU64>) -> Worker {
    Worker::new(move |(invoice, out): Job| {
        let rendered = render(&taxes, &invoice);
        issued.fetch_add(rendered.gross_cents, Ordering::SeqCst);
        let _ = out.send(rendered);
    })
}
