use std::sync::mpsc::Sender;

use workerpool::v2::{Error, Pool, Worker};

/// One line of a plugin's report.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Finding {
    pub plugin: &'static str,
    pub doc: String,
    pub detail: String,
}

/// An analysis. It makes the worker for its pool and turns a document into jobs for it.
pub trait Plugin: Send + Sync {
    fn name(&self) -> &'static str;

    /// The worker its pool runs; findings go to `out`.
    fn worker(&self, out: Sender<Finding>) -> Worker;

    /// Queues the jobs for one document on the plugin's pool; returns how many findings
    /// they will produce.
    fn schedule(&self, pool: &Pool, doc: &str, text: &str) -> Result<usize, Error>;

    fn threads(&self) -> usize {
        1
    }
}
