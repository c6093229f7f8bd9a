//! [`Stats`]: a snapshot of a pool's counters, taken without a lock or an allocation; the
//! counters the slow paths keep, and each worker's cell, which only that worker writes.
//!
//! Most counts come from state the pool keeps anyway: jobs queued ever are the ring's tail
//! position. A worker counts the jobs it started and finished on its own cache line, the
//! one it stores its running state on for `wait_idle` (a load and a store each, nothing
//! shared); the snapshot adds the cells up, and a worker that started more than it
//! finished is busy. Only the slow paths (a delegate that waits or is refused,
//! `stop`) touch the shared counters here.

use std::ptr;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crossbeam_utils::CachePadded;

use crate::Pool;
use crate::sync::{Arc, AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use crate::timing::TimesRecorder;
use crate::worker::NOT_RUNNING;

/// A pool's counters at one moment, from [`Pool::stats`].
///
/// **Exact or a moment stale.** Each field is read once, atomically, but not all at the
/// same instant: while threads race, a field may be a moment behind another. Once the
/// pool is quiet (say after [`Pool::wait_idle`] with no caller left waiting) every field
/// is exact and `delegated == finished + busy + queued + handed_back`. The counts since
/// creation only grow, and within one snapshot `finished <= delegated` always holds.
///
/// ```
/// let pool = workerpool::Pool::new(16);
/// pool.add_worker(|n: u64| assert!(n > 0));
/// # std::panic::set_hook(Box::new(|_| {}));
/// for n in 0..10 {
///     pool.delegate(n).unwrap(); // job 0 panics
/// }
/// pool.wait_idle();
/// let stats = pool.stats();
/// assert_eq!((stats.delegated, stats.finished, stats.panicked), (10, 10, 1));
/// assert_eq!((stats.queued, stats.busy, stats.workers), (0, 0, 1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Jobs waiting in the queue now, as [`Pool::queued`] (on a rendezvous pool, delegates
    /// waiting for a worker to take their job: that count takes the handoffs' lock).
    pub queued: usize,
    /// Workers now, as [`Pool::workers`].
    pub workers: usize,
    /// Workers running a job now (its hooks included): from the moment a worker has taken
    /// a job until it has finished it. A removed worker finishing its last job counts
    /// here, not in `workers`.
    pub busy: usize,
    /// Jobs queued since the pool was made (on a rendezvous pool: handed to a worker). A
    /// job a delegate handed back, in [`refused`](Self::refused), is not among them.
    pub delegated: u64,
    /// Jobs that have run to the end or panicked, since the pool was made.
    pub finished: u64,
    /// Panics caught, as [`Pool::panics`]: jobs that panicked, and job hooks that did
    /// (see [`Builder::on_job_start`](crate::Builder::on_job_start)).
    pub panicked: u64,
    /// Jobs a delegate call handed back instead of queueing them: the queue was full
    /// ([`try_delegate`](Pool::try_delegate)), the wait timed out, or the pool was stopped.
    pub refused: u64,
    /// Queued jobs that [`stop`](Pool::stop) handed back because no worker was left to
    /// run them.
    pub handed_back: u64,
    /// Callers (threads and futures) waiting for room in the queue now. Always 0 on a
    /// rendezvous pool: its delegates waiting for a worker show in `queued`. Counted on a
    /// pool built with [`Builder::time_jobs`](crate::Builder::time_jobs), like the two
    /// fields after it; 0 on any other (counting a wait costs every waiting caller clock
    /// reads and shared counter updates, measured as a slowdown of many callers).
    pub waiting_for_room: usize,
    /// How many times a caller had to wait for room, since the pool was made (with
    /// [`Builder::time_jobs`](crate::Builder::time_jobs)).
    pub room_waits: u64,
    /// The time callers have spent waiting for room, added up, since the pool was made;
    /// a wait under way counts once it ends (with
    /// [`Builder::time_jobs`](crate::Builder::time_jobs)).
    pub room_wait: Duration,
}

impl<T: Send + 'static> Pool<T> {
    /// The pool's counters now: how many workers are busy, how many jobs ran and
    /// panicked, and (on a pool built with [`time_jobs`](crate::Builder::time_jobs)) how
    /// long callers waited for room. It takes no lock (but on a rendezvous
    /// pool, for `queued`) and allocates nothing: call it as often as you like; see
    /// [`Stats`] for which fields are exact.
    ///
    /// ```
    /// use std::sync::{Arc, Barrier};
    ///
    /// let pool = workerpool::Pool::new(8);
    /// let gate = Arc::new(Barrier::new(3));
    /// for _ in 0..2 {
    ///     let gate = Arc::clone(&gate);
    ///     pool.add_worker(move |()| { gate.wait(); gate.wait(); });
    /// }
    /// pool.delegate(()).unwrap();
    /// pool.delegate(()).unwrap();
    /// gate.wait(); // both workers are inside a job
    /// assert_eq!(pool.stats().busy, 2);
    /// gate.wait();
    /// pool.wait_idle();
    /// assert_eq!(pool.stats().busy, 0);
    /// ```
    pub fn stats(&self) -> Stats {
        let shared = self.shared();
        let counters = &shared.counters;
        // Finished before delegated: a job counted finished was queued before, so the
        // tail read after it counts it too. Finished before started, for the same reason.
        let (mut finished, mut busy) = (0, 0);
        for cell in counters.cells.iter() {
            let ended = cell.finished.load(Ordering::Acquire);
            let started = cell.started.load(Ordering::Acquire);
            finished += ended;
            busy += usize::from(started > ended);
        }
        let (queued, delegated) = match shared.rendezvous() {
            Some(rendezvous) => (
                rendezvous.waiting_delegates(),
                counters.handed_to_workers.load(Ordering::SeqCst),
            ),
            None => (
                shared.ring.len(),
                shared.ring.count(shared.ring.tail()) as u64,
            ),
        };
        Stats {
            queued,
            workers: shared.workers.load(Ordering::SeqCst),
            busy,
            delegated,
            finished,
            panicked: shared.panics.load(Ordering::SeqCst) as u64,
            refused: counters.refused.load(Ordering::Relaxed),
            handed_back: counters.handed_back.load(Ordering::Relaxed),
            waiting_for_room: counters.waiting_for_room.load(Ordering::Relaxed),
            room_waits: counters.room_waits.load(Ordering::Relaxed),
            room_wait: Duration::from_nanos(counters.room_wait_nanos.load(Ordering::Relaxed)),
        }
    }
}

/// The counters the slow paths keep, and every worker's cell.
#[derive(Default)]
pub(crate) struct Counters {
    /// Every worker's cell, for the snapshot to add up.
    pub(crate) cells: Cells,
    refused: AtomicU64,
    handed_back: AtomicU64,
    /// Jobs handed to a worker on a rendezvous pool (a ring counts its own pushes).
    handed_to_workers: AtomicU64,
    /// Whether waits for room are counted and timed (with [`Builder::time_jobs`]): each costs
    /// two clock reads and four updates of counters all callers share, which slowed callers
    /// contending for a full queue, so a pool that does not time its jobs does not count them.
    ///
    /// [`Builder::time_jobs`]: crate::Builder::time_jobs
    count_room_waits: bool,
    waiting_for_room: AtomicUsize,
    room_waits: AtomicU64,
    room_wait_nanos: AtomicU64,
}

impl Counters {
    /// Counters of a pool; `count_room_waits`: whether it counts and times waits for room.
    pub(crate) fn new(count_room_waits: bool) -> Counters {
        Counters {
            count_room_waits,
            ..Counters::default()
        }
    }

    /// A delegate handed its job back.
    pub(crate) fn refused(&self) {
        self.refused.fetch_add(1, Ordering::Relaxed);
    }

    /// `stop` handed back `jobs` queued jobs.
    pub(crate) fn handed_back(&self, jobs: usize) {
        self.handed_back.fetch_add(jobs as u64, Ordering::Relaxed);
    }

    /// A rendezvous delegate's job was taken by a worker.
    pub(crate) fn handed_to_worker(&self) {
        self.handed_to_workers.fetch_add(1, Ordering::SeqCst);
    }

    /// A thread begins to wait for room; the wait ends when the result is dropped.
    pub(crate) fn room_wait(&self) -> RoomWait<'_> {
        RoomWait {
            counters: self,
            since: self.begin_room_wait(),
        }
    }

    /// A caller begins to wait for room: counted until [`end_room_wait`](Self::end_room_wait)
    /// with the time this returns (8 bytes, for a future to keep).
    pub(crate) fn begin_room_wait(&self) -> u64 {
        if !self.count_room_waits {
            return 0;
        }
        self.waiting_for_room.fetch_add(1, Ordering::Relaxed);
        self.room_waits.fetch_add(1, Ordering::Relaxed);
        now_nanos()
    }

    /// The wait [`begin_room_wait`](Self::begin_room_wait) began at `since` ends.
    pub(crate) fn end_room_wait(&self, since: u64) {
        if !self.count_room_waits {
            return;
        }
        let waited = now_nanos().saturating_sub(since);
        self.room_wait_nanos.fetch_add(waited, Ordering::Relaxed);
        self.waiting_for_room.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Nanoseconds since the first call in this process: a time in 8 bytes.
fn now_nanos() -> u64 {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    let epoch = *EPOCH.get_or_init(Instant::now);
    u64::try_from(epoch.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// A thread's wait for room, counted while it lasts and added to the total when dropped.
#[derive(Debug)]
pub(crate) struct RoomWait<'a> {
    counters: &'a Counters,
    since: u64,
}

impl std::fmt::Debug for Counters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counters").finish_non_exhaustive()
    }
}

impl Drop for RoomWait<'_> {
    fn drop(&mut self) {
        self.counters.end_room_wait(self.since);
    }
}

/// What one worker writes about itself, on a cache line of its own: only that worker's
/// thread writes it, anyone reads it.
pub(crate) struct WorkerCell {
    /// The job this worker holds or is about to take, for `wait_idle`: see
    /// `WorkerRecord::running`.
    pub(crate) running: AtomicUsize,
    /// Jobs this cell's workers have taken (a cell outlives its worker: the next worker
    /// added goes on counting in it).
    started: AtomicU64,
    /// Jobs this cell's workers have finished; one less than `started` while one runs.
    finished: AtomicU64,
    /// Set while a worker owns the cell.
    in_use: AtomicBool,
    /// The job times this cell's workers recorded, on a pool that times its jobs.
    pub(crate) times: Option<TimesRecorder>,
}

impl WorkerCell {
    pub(crate) fn new(times: Option<TimesRecorder>) -> Self {
        WorkerCell {
            running: AtomicUsize::new(NOT_RUNNING),
            started: AtomicU64::new(0),
            finished: AtomicU64::new(0),
            in_use: AtomicBool::new(true),
            times,
        }
    }

    /// The owning worker took a job: a load and a store, as no one else writes it.
    #[inline]
    pub(crate) fn started_one(&self) {
        let started = self.started.load(Ordering::Relaxed);
        self.started.store(started + 1, Ordering::Release);
    }

    /// The owning worker finished its job, as [`started_one`](Self::started_one).
    #[inline]
    pub(crate) fn finished_one(&self) {
        let finished = self.finished.load(Ordering::Relaxed);
        self.finished.store(finished + 1, Ordering::Release);
    }

    /// The owning worker's thread ends and writes here no more: the next worker added may
    /// take the cell over.
    pub(crate) fn release(&self) {
        self.in_use.store(false, Ordering::Release);
    }
}

/// Every worker cell a pool has made, in a list that only grows and that anyone can walk
/// without a lock. A worker's cell is given to the next worker added once its thread
/// ends, so the list is as long as the most workers the pool had at once.
pub(crate) struct Cells {
    head: AtomicPtr<Node>,
}

struct Node {
    cell: Arc<CachePadded<WorkerCell>>,
    /// The node made before this one; nodes are freed only with the list.
    next: *mut Node,
}

impl Default for Cells {
    fn default() -> Self {
        Cells {
            head: AtomicPtr::new(ptr::null_mut()),
        }
    }
}

impl Cells {
    /// A cell for a worker about to start: a released one, or a new one from `make`. The
    /// caller holds the pool's registry lock, so no two calls race.
    pub(crate) fn claim(&self, make: impl FnOnce() -> WorkerCell) -> Arc<CachePadded<WorkerCell>> {
        let released = self.iter_nodes().find(|node| {
            node.cell
                .in_use
                .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
        });
        if let Some(node) = released {
            return Arc::clone(&node.cell);
        }
        let cell = Arc::new(CachePadded::new(make()));
        let node = Box::into_raw(Box::new(Node {
            cell: Arc::clone(&cell),
            next: self.head.load(Ordering::Relaxed),
        }));
        // Release: a reader that sees the node sees it whole.
        self.head.store(node, Ordering::Release);
        cell
    }

    /// Every cell, newest first.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &WorkerCell> {
        self.iter_nodes().map(|node| &**node.cell)
    }

    fn iter_nodes(&self) -> impl Iterator<Item = &Node> {
        let mut next = self.head.load(Ordering::Acquire);
        std::iter::from_fn(move || {
            // SAFETY: nodes are published whole (release store, acquire load) and freed
            // only in `drop`, which `&self` rules out while this borrow lives.
            let node = unsafe { next.as_ref()? };
            next = node.next;
            Some(node)
        })
    }
}

impl Drop for Cells {
    fn drop(&mut self) {
        let mut next = self.head.load(Ordering::Acquire);
        while !next.is_null() {
            // SAFETY: each node came from `Box::into_raw` and is freed once, here.
            let node = unsafe { Box::from_raw(next) };
            next = node.next;
        }
    }
}

// SAFETY: the raw pointers are only to nodes this list owns; what they point to
// (`Arc`s of atomics) is itself `Send` and `Sync`.
unsafe impl Send for Cells {}
unsafe impl Sync for Cells {}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;

    #[test]
    fn a_released_cell_goes_to_the_next_worker_and_keeps_its_count() {
        let cells = Cells::default();
        let first = cells.claim(|| WorkerCell::new(None));
        first.started_one();
        first.finished_one();
        let second = cells.claim(|| WorkerCell::new(None));
        assert!(!Arc::ptr_eq(&first, &second), "the first is still in use");
        first.release();
        let third = cells.claim(|| panic!("a released cell is there"));
        assert!(Arc::ptr_eq(&first, &third));
        third.started_one();
        third.finished_one();
        let finished: u64 = cells
            .iter()
            .map(|cell| cell.finished.load(Ordering::Relaxed))
            .sum();
        assert_eq!((cells.iter().count(), finished), (2, 2));
    }
}
