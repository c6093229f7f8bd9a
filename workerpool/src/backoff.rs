//! How a thread that found nothing to do waits a little before it goes to sleep.
//!
//! Sleeping and waking an OS thread costs microseconds; a job handoff costs nanoseconds. A
//! thread that spins briefly before it parks catches the next job or the next free slot
//! without either thread paying for a wake-up. On a busy machine the spin turns into
//! `yield_now`, which hands the core to the thread it waits for.
//!
//! Why not `crossbeam_utils::Backoff`, whose limits (6 and 10) these are:
//! - With `default-features = false`, as this crate depends on crossbeam-utils, its
//!   `snooze` never yields: it spins up to 1024 pauses a step (crossbeam-utils 0.8.23,
//!   `backoff.rs`). Whether it yields would then depend on whether some other crate in
//!   the user's build turns crossbeam-utils' `std` feature on (in this workspace
//!   crossbeam-channel does; in a user's build without `v2`, maybe nothing).
//! - Under loom every pause must be a yield the model can schedule, or a model of a
//!   spinning wait never lets the thread it waits for run; these limits also shrink
//!   there, to keep the models small.
//! - The waiters need to know when the spin turns into yields
//!   ([`Backoff::is_yielding`]): a spinner stops standing in for a sleeper's wake-up
//!   there, as a yielding thread may not run again for a scheduler tick (the job-start
//!   latency bench, `benches/latency.rs`, measured jobs waiting milliseconds for one).

use crate::sync::{spin_pause, thread};

/// Pauses of `1 << step` spin hints grow up to this step, then the thread yields.
#[cfg(not(loom))]
const SPIN_LIMIT: u32 = 6;
/// After this step a waiting thread should park instead of spinning on.
#[cfg(not(loom))]
const YIELD_LIMIT: u32 = 10;
// Under loom every pause is a yield the model explores: keep the waits short.
#[cfg(loom)]
const SPIN_LIMIT: u32 = 0;
#[cfg(loom)]
const YIELD_LIMIT: u32 = 1;

/// Exponential backoff for a thread waiting on another one.
pub(crate) struct Backoff {
    step: u32,
}

// Under loom `SPIN_LIMIT` is 0, so clippy sees comparisons with the type's minimum: they
// are the same code as without loom, only with smaller limits.
#[cfg_attr(
    loom,
    allow(clippy::absurd_extreme_comparisons, clippy::unnecessary_min_or_max)
)]
impl Backoff {
    pub(crate) fn new() -> Self {
        Backoff { step: 0 }
    }

    /// Backs off after losing a race on an atomic: the winner is already done, retry soon.
    pub(crate) fn spin(&mut self) {
        for _ in 0..1u32 << self.step.min(SPIN_LIMIT) {
            spin_pause();
        }
        if self.step <= SPIN_LIMIT {
            self.step += 1;
        }
    }

    /// Waits for another thread to make progress: spins, then yields the core.
    pub(crate) fn snooze(&mut self) {
        if self.step <= SPIN_LIMIT {
            for _ in 0..1u32 << self.step {
                spin_pause();
            }
        } else {
            thread::yield_now();
        }
        if self.step <= YIELD_LIMIT {
            self.step += 1;
        }
    }

    /// Whether the next [`snooze`](Self::snooze) yields the core instead of spinning: from
    /// then on the thread may not run again for a scheduler tick.
    pub(crate) fn is_yielding(&self) -> bool {
        self.step > SPIN_LIMIT
    }

    /// Whether waiting on has stopped paying off and the thread should park.
    pub(crate) fn is_completed(&self) -> bool {
        self.step > YIELD_LIMIT
    }
}
