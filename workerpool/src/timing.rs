//! Per-job time, opt-in ([`Builder::time_jobs`](crate::Builder::time_jobs)): how long each
//! job waited in the queue and ran, recorded by its worker into [`JobTimes`], and the
//! clock and hooks a worker runs an observed job with.

use std::time::{Duration, Instant};

use crate::Pool;
use crate::histogram::{Histogram, Recorder};
use crate::hooks::{EndHook, JobEnd, JobStart, StartHook};
use crate::pool::Shared;
use crate::stats::WorkerCell;

/// How long jobs waited in the queue and ran, from [`Pool::job_times`]: every job since
/// the pool was made, on every worker.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct JobTimes {
    /// From the moment a job entered the queue to the moment a worker started it (a
    /// caller's wait for room before that is in [`Stats::room_wait`](crate::Stats::room_wait)).
    /// Empty on a rendezvous pool, where a job never waits in a queue.
    pub queue: Histogram,
    /// From a job's start to its end (or its panic), its hooks not included.
    pub run: Histogram,
}

impl<T: Send + 'static> Pool<T> {
    /// How long jobs waited in the queue and ran, as percentiles; `None` unless the pool
    /// was built with [`Builder::time_jobs`](crate::Builder::time_jobs). It takes no lock
    /// and allocates nothing; a job a worker is recording as this reads may be missing
    /// from one histogram and not the other.
    ///
    /// ```
    /// let pool = workerpool::Pool::builder(100).time_jobs().build();
    /// pool.add_worker(|n: u64| { std::hint::black_box(n); });
    /// for n in 0..100 {
    ///     pool.delegate(n).unwrap();
    /// }
    /// pool.wait_idle();
    /// let times = pool.job_times().unwrap();
    /// assert_eq!((times.queue.count(), times.run.count()), (100, 100));
    /// let _p99 = times.queue.percentile(99.0).unwrap(); // how long jobs waited, at worst but 1%
    /// assert!(workerpool::Pool::<u64>::new(8).job_times().is_none());
    /// ```
    pub fn job_times(&self) -> Option<JobTimes> {
        let shared = self.shared();
        shared.observer.as_ref()?.time_jobs.then_some(())?;
        let mut times = JobTimes {
            queue: Histogram::empty(),
            run: Histogram::empty(),
        };
        for recorder in shared
            .counters
            .cells
            .iter()
            .filter_map(|cell| cell.times.as_ref())
        {
            times.queue.add(&recorder.queue);
            times.run.add(&recorder.run);
        }
        Some(times)
    }
}

/// One worker's job times.
pub(crate) struct TimesRecorder {
    queue: Recorder,
    run: Recorder,
}

impl TimesRecorder {
    pub(crate) fn new() -> Self {
        TimesRecorder {
            queue: Recorder::new(),
            run: Recorder::new(),
        }
    }
}

/// What a pool that times its jobs, or has job hooks, runs each job with.
pub(crate) struct Observer {
    /// Times are nanoseconds since this instant: 8 bytes beside each queued job.
    epoch: Instant,
    /// Whether workers record [`JobTimes`].
    pub(crate) time_jobs: bool,
    on_start: Option<StartHook>,
    on_end: Option<EndHook>,
}

impl Observer {
    /// An observer, if the pool needs one: with `time_jobs` or a hook.
    pub(crate) fn new(
        time_jobs: bool,
        on_start: Option<StartHook>,
        on_end: Option<EndHook>,
    ) -> Option<Box<Self>> {
        (time_jobs || on_start.is_some() || on_end.is_some()).then(|| {
            Box::new(Observer {
                epoch: Instant::now(),
                time_jobs,
                on_start,
                on_end,
            })
        })
    }

    /// Now, in nanoseconds since the epoch.
    #[inline]
    pub(crate) fn now(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    /// Runs `job` on `work` between the hooks, timing it; `enqueued_at` is when it entered
    /// the queue (`None` on a rendezvous pool). A panicking hook is caught as a panicking
    /// job is, and the job runs all the same.
    pub(crate) fn run<T: Send + 'static>(
        &self,
        shared: &Shared<T>,
        cell: &WorkerCell,
        run: impl FnOnce() -> bool,
        enqueued_at: Option<u64>,
    ) {
        let started = self.now();
        let queued_nanos = enqueued_at.map(|at| started.saturating_sub(at));
        let queue_time = queued_nanos.map(Duration::from_nanos);
        // The run is timed from after the start hook, which is not the job's time: one more
        // clock read, only on pools with a start hook.
        let run_started = match &self.on_start {
            Some(hook) => {
                shared.caught(|| hook(&JobStart { queue_time }));
                self.now()
            }
            None => started,
        };
        let panicked = !run();
        let run_nanos = self.now().saturating_sub(run_started);
        if let Some(times) = &cell.times {
            if let Some(nanos) = queued_nanos {
                times.queue.record(nanos);
            }
            times.run.record(run_nanos);
        }
        if let Some(hook) = &self.on_end {
            let end = JobEnd {
                queue_time,
                run_time: Duration::from_nanos(run_nanos),
                panicked,
            };
            shared.caught(|| hook(&end));
        }
    }
}
