//! Job-start latency: each job carries the time it was delegated, its worker records how long
//! it waited to start, and a caller that is busy or asleep between jobs delegates them.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use super::jobs::{QUEUE, drain};
use super::pools::{Control, Harness};

/// Workers of the latency scenarios.
pub const WORKERS: usize = 4;
/// Time between two delegates.
pub const PERIOD: Duration = Duration::from_micros(200);

/// When jobs were delegated, and how long each waited to start; preallocated, so recording
/// allocates nothing and takes no lock.
pub struct StartTimes {
    epoch: Instant,
    waits_ns: Box<[AtomicU64]>,
    recorded: AtomicUsize,
}

impl StartTimes {
    /// Room for `capacity` waits; later ones are not recorded.
    pub fn new(capacity: usize) -> Self {
        StartTimes {
            epoch: Instant::now(),
            waits_ns: (0..capacity).map(|_| AtomicU64::new(0)).collect(),
            recorded: AtomicUsize::new(0),
        }
    }

    /// Now, as a job: nanoseconds since this recorder was made (far below the sentinels).
    pub fn stamp(&self) -> u64 {
        self.epoch.elapsed().as_nanos() as u64
    }

    /// The job stamped `delegated` starts now: records how long it waited.
    pub fn started(&self, delegated: u64) {
        let waited = self.stamp().saturating_sub(delegated);
        let index = self.recorded.fetch_add(1, Relaxed);
        if let Some(slot) = self.waits_ns.get(index) {
            slot.store(waited, Relaxed);
        }
    }

    /// The waits recorded so far, in the order the jobs started. Call once every job has run.
    pub fn waits_ns(&self) -> Vec<u64> {
        let recorded = self.recorded.load(Relaxed).min(self.waits_ns.len());
        self.waits_ns[..recorded]
            .iter()
            .map(|wait| wait.load(Relaxed))
            .collect()
    }
}

/// What the caller does between two delegates.
#[derive(Clone, Copy, Debug)]
pub enum Caller {
    /// Spins on the clock: its core stays busy, as a caller that computes between requests.
    Busy,
    /// Sleeps until the next delegate is due.
    Sleeping,
}

impl Caller {
    /// The scenario's name in the results.
    pub fn scenario(self) -> &'static str {
        match self {
            Caller::Busy => "busy caller",
            Caller::Sleeping => "sleeping caller",
        }
    }

    fn wait_until(self, due: Instant) {
        match self {
            Caller::Busy => {
                while Instant::now() < due {
                    std::hint::spin_loop();
                }
            }
            Caller::Sleeping => {
                let left = due.saturating_duration_since(Instant::now());
                if !left.is_zero() {
                    std::thread::sleep(left);
                }
            }
        }
    }
}

/// p50, p99 and the largest of a set of job-start waits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Percentiles {
    pub p50_ns: f64,
    pub p99_ns: f64,
    pub max_ns: f64,
    pub samples: u64,
}

impl Percentiles {
    /// Nearest-rank percentiles of `waits_ns`, or `None` for no samples.
    pub fn of(mut waits_ns: Vec<u64>) -> Option<Self> {
        if waits_ns.is_empty() {
            return None;
        }
        waits_ns.sort_unstable();
        let rank = |fraction: f64| {
            let rank = (fraction * waits_ns.len() as f64).ceil() as usize;
            waits_ns[rank.clamp(1, waits_ns.len()) - 1] as f64
        };
        Some(Percentiles {
            p50_ns: rank(0.50),
            p99_ns: rank(0.99),
            max_ns: *waits_ns.last().expect("not empty") as f64,
            samples: waits_ns.len() as u64,
        })
    }

    /// What a typical round of `rounds` showed: the median of their p50s and of their
    /// p99s, the largest wait of all and every sample; `None` for no rounds. A burst of
    /// noise from outside (another tenant on the host, a stalled virtual CPU) spoils a
    /// round or two; the median of the rounds leaves it out, the largest still shows it.
    pub fn typical(rounds: &[Percentiles]) -> Option<Self> {
        let median = |of: fn(&Percentiles) -> f64| {
            let mut values: Vec<f64> = rounds.iter().map(of).collect();
            values.sort_by(f64::total_cmp);
            let middle = values.len() / 2;
            if values.len() % 2 == 1 {
                values[middle]
            } else {
                (values[middle - 1] + values[middle]) / 2.0
            }
        };
        (!rounds.is_empty()).then(|| Percentiles {
            p50_ns: median(|round| round.p50_ns),
            p99_ns: median(|round| round.p99_ns),
            max_ns: rounds.iter().map(|round| round.max_ns).fold(0.0, f64::max),
            samples: rounds.iter().map(|round| round.samples).sum(),
        })
    }
}

/// Starts pool `P` with [`WORKERS`] workers and a queue of [`QUEUE`], delegates `warm_up` and
/// then `jobs` jobs one [`PERIOD`] apart as `caller` does, and returns the measured jobs'
/// waits (the first `warm_up` jobs to start are left out).
pub fn measure<P: Harness>(caller: Caller, warm_up: usize, jobs: usize) -> Vec<u64> {
    let control = Control::leak_timing(WORKERS, StartTimes::new(warm_up + jobs));
    let starts = control.starts.as_ref().expect("a timing control");
    let pool = P::start(WORKERS, QUEUE, control);
    let mut due = Instant::now();
    for _ in 0..warm_up + jobs {
        caller.wait_until(due);
        pool.submit(starts.stamp());
        // A caller held up (by a full queue, or by the scheduler) does not catch up in a burst.
        due = (due + PERIOD).max(Instant::now());
    }
    drain(&pool, control, WORKERS);
    pool.shutdown();
    let mut waits = starts.waits_ns();
    waits.drain(..warm_up.min(waits.len()));
    waits
}
