//! The billing office: one pool, a desk per worker, desks opened and closed by the day's load.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::batch::render_batch;
use crate::desk;
use crate::model::{Invoice, Rendered};
use crate::tax::TaxTable;
use crate::wp;

#[derive(Debug)]
pub enum BillingError {
    Closed,
    Pool(wp::Error),
}

impl fmt::Display for BillingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BillingError::Closed => f.write_str("every desk is closed"),
            BillingError::Pool(e) => write!(f, "pool: {e}"),
        }
    }
}

impl std::error::Error for BillingError {}

impl From<wp::Error> for BillingError {
    fn from(e: wp::Error) -> Self {
        BillingError::Pool(e)
    }
}

pub struct Billing {
    pool: wp::Pool,
    desks: Vec<wp::Worker>,
    taxes: Arc<TaxTable>,
    issued: Arc<AtomicU64>,
}

impl Billing {
    pub fn new(taxes: TaxTable) -> Billing {
        Billing {
            pool: wp::Pool::new(32),
            desks: Vec::new(),
            taxes: Arc::new(taxes),
            issued: Arc::new(AtomicU64::new(0)),
        }
    }

    pub fn pool(&self) -> &wp::Pool {
        &self.pool
    }

    pub fn open_desk(&mut self) -> Result<usize, BillingError> {
        let desk = desk::open(Arc::clone(&self.taxes), Arc::clone(&self.issued));
        self.pool.add_worker(&desk)?;
        self.desks.push(desk);
        Ok(self.pool.workers_num())
    }

    /// Closes the desk opened last; false when none is open.
    pub fn close_desk(&mut self) -> Result<bool, BillingError> {
        match self.desks.pop() {
            Some(desk) => {
                self.pool.remove_worker(&desk)?;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    pub fn open_desks(&self) -> usize {
        self.pool.workers_num()
    }

    pub fn run(&self, invoices: Vec<Invoice>) -> Result<Vec<Rendered>, BillingError> {
        if self.desks.is_empty() {
            return Err(BillingError::Closed);
        }
        render_batch(&self.pool, invoices)
    }

    /// Sends every desk home; their queue stays for `reopen`.
    pub fn pause(&self) {
        self.pool.stop();
    }

    /// Brings back every desk that was open before `pause`.
    pub fn reopen(&self) -> Result<(), BillingError> {
        for desk in &self.desks {
            self.pool.add_worker(desk)?;
        }
        Ok(())
    }

    pub fn issued_cents(&self) -> u64 {
        self.issued.load(Ordering::SeqCst)
    }
}
