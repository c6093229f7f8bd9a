//! batchkit: run batches of jobs on workerpool pools and collect what they produce.

pub mod batch;
pub mod ext;
pub mod tasks;

pub use batch::{run_batch, BatchError};
pub use ext::PoolExt;
pub use tasks::{Enqueue, Ledger, Transfer};
