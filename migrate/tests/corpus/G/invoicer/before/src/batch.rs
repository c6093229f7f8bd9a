//! A batch of invoices rendered on a pool the caller owns.

use std::sync::mpsc::{self, Receiver, Sender};

use crate::billing::BillingError;
use crate::model::{Invoice, Rendered};
use crate::wp;

pub struct Batch<'p> {
    pool: &'p wp::Pool,
    out: Sender<Rendered>,
    back: Receiver<Rendered>,
    sent: usize,
}

impl<'p> Batch<'p> {
    pub fn new(pool: &'p wp::Pool) -> Batch<'p> {
        let (out, back) = mpsc::channel();
        Batch {
            pool,
            out,
            back,
            sent: 0,
        }
    }

    pub fn add(&mut self, invoice: Invoice) -> Result<(), BillingError> {
        self.pool.delegate((invoice, self.out.clone()))?;
        self.sent += 1;
        Ok(())
    }

    /// Waits for every invoice added; sorted by number.
    pub fn finish(self) -> Vec<Rendered> {
        let mut all: Vec<Rendered> = self.back.iter().take(self.sent).collect();
        all.sort();
        all
    }
}

pub fn render_batch(
    pool: &wp::Pool,
    invoices: Vec<Invoice>,
) -> Result<Vec<Rendered>, BillingError> {
    let mut batch = Batch::new(pool);
    for invoice in invoices {
        batch.add(invoice)?;
    }
    Ok(batch.finish())
}
