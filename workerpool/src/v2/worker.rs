//! A v2 worker: a function over jobs of one type, identified by the value that wraps it.

use std::any::{Any, type_name};
use std::fmt;
use std::sync::Arc;

use super::Job;

/// What a worker thread calls: the job and the type name `delegate` recorded for it.
pub(super) type Run = dyn Fn(Job, &'static str) + Send + Sync;

/// A worker function. Cloning a `Worker` gives the same worker (same identity).
///
/// ```
/// # #![allow(deprecated)]
/// use workerpool::v2::{Pool, Worker};
///
/// let pool = Pool::new(10);
/// let worker = Worker::new(|n: u64| assert!(n > 0));
/// pool.add_worker(&worker).unwrap();
/// pool.add_worker(&worker.clone()).unwrap(); // a second instance of the same worker
/// assert_eq!(pool.workers_num(), 2);
/// pool.remove_worker(&worker).unwrap();
/// assert_eq!(pool.workers_num(), 1);
/// ```
#[deprecated(
    since = "3.0.0",
    note = "the untyped 2.x API: 3.x's add_worker takes the worker's func and returns the \
            WorkerHandle that removes it; see the migration guide (\"Upgrading from v2\")"
)]
#[derive(Clone)]
pub struct Worker {
    pub(super) run: Arc<Run>,
}

impl Worker {
    /// Wraps `f`. A job of any other type than `J` reaching this worker makes the worker
    /// thread panic with a message that names both types.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let worker = workerpool::v2::Worker::new(|(n, label): (u32, &'static str)| {
    ///     println!("{label}: {n}");
    /// });
    /// # drop(worker);
    /// ```
    pub fn new<J, F>(f: F) -> Worker
    where
        J: Any + Send,
        F: Fn(J) + Send + Sync + 'static,
    {
        let run = move |job: Job, job_type: &'static str| match job.downcast::<J>() {
            Ok(job) => f(*job),
            Err(_) => panic!(
                "workerpool::v2: a worker for jobs of type `{}` was given a job of type `{}`",
                type_name::<J>(),
                job_type
            ),
        };
        Worker { run: Arc::new(run) }
    }

    /// What tells two workers apart: clones share it.
    pub(super) fn identity(&self) -> *const () {
        Arc::as_ptr(&self.run).cast::<()>()
    }
}

impl fmt::Debug for Worker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Worker")
            .field("identity", &self.identity())
            .finish()
    }
}
