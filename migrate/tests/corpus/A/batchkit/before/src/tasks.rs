//! Jobs that know how to put themselves on a pool.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use workerpool::{Error, Pool, Worker};

/// A job type that enqueues itself, possibly after checks of its own.
pub trait Enqueue: Sized {
    fn enqueue(self, pool: &Pool) -> Result<(), Error>;
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transfer {
    pub from: String,
    pub to: String,
    pub cents: i64,
}

impl Enqueue for Transfer {
    fn enqueue(self, pool: &Pool) -> Result<(), Error> {
        if self.cents == 0 || self.from == self.to {
            return Ok(()); // nothing to do
        }
        pool.delegate(self)
    }
}

/// Balances, updated by the transfer workers.
#[derive(Clone, Default)]
pub struct Ledger {
    balances: Arc<Mutex<BTreeMap<String, i64>>>,
    applied: Arc<Mutex<usize>>,
}

impl Ledger {
    pub fn worker(&self) -> Worker {
        let ledger = self.clone();
        Worker::new(move |t: Transfer| ledger.apply(&t))
    }

    fn apply(&self, t: &Transfer) {
        let mut b = self.balances.lock().unwrap();
        *b.entry(t.from.clone()).or_insert(0) -= t.cents;
        *b.entry(t.to.clone()).or_insert(0) += t.cents;
        *self.applied.lock().unwrap() += 1;
    }

    pub fn applied(&self) -> usize {
        *self.applied.lock().unwrap()
    }

    pub fn wait_for(&self, n: usize) {
        while self.applied() < n {
            std::thread::yield_now();
        }
    }

    pub fn balances(&self) -> BTreeMap<String, i64> {
        self.balances.lock().unwrap().clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_transfers_are_skipped() {
        let ledger = Ledger::default();
        let pool = Pool::new(4);
        pool.add_worker(&ledger.worker()).unwrap();
        let t = |from: &str, to: &str, cents| Transfer { from: from.into(), to: to.into(), cents };
        t("a", "a", 10).enqueue(&pool).unwrap();
        t("a", "b", 0).enqueue(&pool).unwrap();
        t("a", "b", 25).enqueue(&pool).unwrap();
        ledger.wait_for(1);
        assert_eq!(ledger.balances()["b"], 25);
        assert_eq!(ledger.applied(), 1);
    }
}
