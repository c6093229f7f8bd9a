//! Job hooks: the user's code run on the worker as each job starts and ends
//! ([`Builder::on_job_start`](crate::Builder::on_job_start), [`Builder::on_job_end`](crate::Builder::on_job_end)),
//! with the job's timings, to feed metrics or logs.

use std::time::Duration;

use std::sync::Arc;

/// What a start hook learns about the job about to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct JobStart {
    /// How long the job waited in the queue, from the moment it entered it (a caller's
    /// wait for room is not part of it: see [`Stats::room_wait`](crate::Stats::room_wait)).
    /// `None` on a rendezvous pool, where a job never waits in a queue.
    pub queue_time: Option<Duration>,
}

/// What an end hook learns about the job that just ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct JobEnd {
    /// As [`JobStart::queue_time`].
    pub queue_time: Option<Duration>,
    /// How long the job ran, its start hook not included.
    pub run_time: Duration,
    /// Whether the job panicked (its panic has gone to the panic handler).
    pub panicked: bool,
}

/// A hook run as each job starts. (std's `Arc`, also under loom, as the panic handler.)
pub(crate) type StartHook = Arc<dyn Fn(&JobStart) + Send + Sync>;

/// A hook run as each job ends.
pub(crate) type EndHook = Arc<dyn Fn(&JobEnd) + Send + Sync>;
