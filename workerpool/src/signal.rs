//! Where threads sleep when they cannot go on: idle workers wait for a job, delegates for
//! room in the queue. The counts here let the hot path skip waking anyone.
//!
//! Waking a thread is a system call, so the pool wakes as few as it can: a delegate wakes
//! a sleeping worker only when no worker is spinning for a job (a spinning one will find
//! it), and the worker it wakes counts as spinning at once, so that jobs queued while it
//! wakes up do not wake more. A woken worker that finds more jobs queued behind the one it
//! takes wakes the next sleeper; that way workers join one by one while a backlog lasts.

use std::time::Instant;

use crossbeam_utils::CachePadded;

use crate::backoff::Backoff;
use crate::sync::{AtomicUsize, Condvar, Mutex, Ordering, lock, wait, wait_until};

pub(crate) struct Signal {
    /// Workers spinning for a job, and workers woken that have not yet looked for one.
    spinning: CachePadded<AtomicUsize>,
    /// Workers asleep on `jobs` that no one has woken yet.
    sleeping: CachePadded<AtomicUsize>,
    /// Delegates asleep on `room`.
    waiting_senders: CachePadded<AtomicUsize>,
    /// How many workers may spin at once; more would take cores from those with work.
    max_spinning: usize,
    /// Wake-ups granted to sleeping workers and not yet taken.
    permits: Mutex<usize>,
    jobs: Condvar,
    room: Condvar,
}

/// Why a worker stopped waiting.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Woken {
    /// It counts as spinning: it must call [`Signal::found_job`] or wait again.
    Spinning,
    /// It saw what it waited for by itself.
    Ready,
}

impl Signal {
    pub(crate) fn new() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Signal {
            spinning: CachePadded::new(AtomicUsize::new(0)),
            sleeping: CachePadded::new(AtomicUsize::new(0)),
            waiting_senders: CachePadded::new(AtomicUsize::new(0)),
            max_spinning: (cores / 2).max(1),
            permits: Mutex::new(0),
            jobs: Condvar::new(),
            room: Condvar::new(),
        }
    }

    /// Whether some worker is waiting for a job, spinning or asleep.
    pub(crate) fn has_idle_worker(&self) -> bool {
        self.spinning.load(Ordering::SeqCst) > 0 || self.sleeping.load(Ordering::SeqCst) > 0
    }

    /// A job was queued: wakes a worker if none is on its way to find it.
    pub(crate) fn job_queued(&self) {
        if self.spinning.load(Ordering::SeqCst) == 0 && self.sleeping.load(Ordering::SeqCst) > 0 {
            self.wake_worker();
        }
    }

    /// A spinning worker took a job. If it was the last one spinning and more jobs wait,
    /// another sleeper joins in.
    pub(crate) fn found_job(&self, more_queued: impl FnOnce() -> bool) {
        if self.spinning.fetch_sub(1, Ordering::SeqCst) == 1
            && self.sleeping.load(Ordering::SeqCst) > 0
            && more_queued()
        {
            self.wake_worker();
        }
    }

    /// Gives one sleeping worker a permit to wake, counting it as spinning from now on.
    fn wake_worker(&self) {
        let mut permits = lock(&self.permits);
        if self.sleeping.load(Ordering::SeqCst) > 0 {
            self.sleeping.fetch_sub(1, Ordering::SeqCst);
            self.spinning.fetch_add(1, Ordering::SeqCst);
            *permits += 1;
            self.jobs.notify_one();
        }
        drop(permits);
    }

    /// Wakes every worker, for them to see a removal or the pool stopping.
    pub(crate) fn wake_all_workers(&self) {
        let _permits = lock(&self.permits);
        self.jobs.notify_all();
    }

    /// Waits until `ready()` (a job is queued, or the worker must exit): spins first if
    /// few others do, then sleeps. `spinning` says whether this worker already counts as
    /// spinning.
    pub(crate) fn wait_for_job(&self, spinning: bool, ready: impl Fn() -> bool) -> Woken {
        let spin = spinning || self.spinning.fetch_add(1, Ordering::SeqCst) < self.max_spinning;
        if spin {
            let mut backoff = Backoff::new();
            while !backoff.is_completed() {
                if ready() {
                    return Woken::Spinning;
                }
                backoff.snooze();
            }
        }
        self.spinning.fetch_sub(1, Ordering::SeqCst);
        // A delegate that saw this worker spinning did not wake anyone: look once more.
        if ready() {
            return Woken::Ready;
        }
        let mut permits = lock(&self.permits);
        self.sleeping.fetch_add(1, Ordering::SeqCst);
        loop {
            if *permits > 0 {
                *permits -= 1;
                return Woken::Spinning;
            }
            if ready() {
                self.sleeping.fetch_sub(1, Ordering::SeqCst);
                return Woken::Ready;
            }
            permits = wait(&self.jobs, permits);
        }
    }

    /// A worker took a job: wakes a delegate waiting for room, if any. `everyone` wakes
    /// them all, for rendezvous delegates waiting to see their own job taken.
    pub(crate) fn room_made(&self, everyone: bool) {
        if self.waiting_senders.load(Ordering::SeqCst) > 0 {
            let _permits = lock(&self.permits);
            if everyone {
                self.room.notify_all();
            } else {
                self.room.notify_one();
            }
        }
    }

    /// Wakes every waiting delegate, for them to see the pool stopping.
    pub(crate) fn wake_all_senders(&self) {
        let _permits = lock(&self.permits);
        self.room.notify_all();
    }

    /// Waits until `ready()` or `deadline`: spins first, then sleeps. Returns whether it
    /// saw `ready()`.
    pub(crate) fn wait_for_room(
        &self,
        deadline: Option<Instant>,
        ready: impl Fn() -> bool,
    ) -> bool {
        let mut backoff = Backoff::new();
        while !backoff.is_completed() {
            if ready() {
                return true;
            }
            backoff.snooze();
        }
        let mut guard = lock(&self.permits);
        self.waiting_senders.fetch_add(1, Ordering::SeqCst);
        let seen = loop {
            if ready() {
                break true;
            }
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                break false;
            }
            guard = wait_until(&self.room, guard, deadline);
        };
        self.waiting_senders.fetch_sub(1, Ordering::SeqCst);
        seen
    }
}
