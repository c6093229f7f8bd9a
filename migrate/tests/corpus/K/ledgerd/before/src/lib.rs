//! ledgerd: posts ledger entries on a worker pool and reconciles balances against a statement.
pub mod audit;
pub mod entry;
pub mod error;
pub mod reconcile;

pub use error::*;
pub use reconcile::{Mismatch, Reconciler};
/// The pool types, under the names the rest of the code base uses.
pub use workerpool::{Pool as TaskPool, Worker as TaskWorker};
