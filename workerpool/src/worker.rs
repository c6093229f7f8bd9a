//! A worker: the thread that runs one `FnMut(T)` on jobs from the queue, its record in the
//! pool, and the [`WorkerHandle`] that removes it.

use std::any::Any;
use std::cell::Cell;
use std::fmt;

use crossbeam_utils::CachePadded;

use crate::pool::Shared;
use crate::rendezvous::Taken;
use crate::stats::WorkerCell;
use crate::sync::{Arc, AtomicBool, AtomicUsize, Condvar, Mutex, Ordering, lock, thread, wait};
use crate::traced::Queued;
use crate::waiters::{Standing, WaitPlan};

/// What the pool, the worker's thread and its handle share about one worker.
pub(crate) struct WorkerRecord {
    /// Set by [`WorkerHandle::remove`] (or by the thread as it exits): the worker no
    /// longer counts and must not take another job.
    removed: AtomicBool,
    /// What this worker writes about itself, on its own cache line; among it `running`:
    /// the job this worker holds or is about to take, for `wait_idle`: a ring position
    /// (a job number on a rendezvous pool), or [`NOT_RUNNING`]. Only its own thread
    /// writes it: before it tries to take a job, and once it has none. So a job it has
    /// finished counts as running until it stores the next state, and a position it
    /// failed to take until it stores another. (The pool's stats read the cell too.)
    cell: Arc<CachePadded<WorkerCell>>,
    /// The thread, until someone joins it.
    thread: Mutex<Option<thread::JoinHandle<()>>>,
    /// The thread's id, to tell when a worker calls into its own pool.
    thread_id: Mutex<Option<thread::ThreadId>>,
    status: Mutex<Status>,
    status_changed: Condvar,
}

/// [`WorkerRecord::running`] when the worker holds no job.
pub(crate) const NOT_RUNNING: usize = usize::MAX;

/// Where a worker's thread is, for those who wait for it to end.
#[derive(Default)]
struct Status {
    /// Set by the thread as the last thing it does, after the worker's func is dropped.
    exited: bool,
    /// The worker is inside `Pool::stop`, called from one of its jobs: a stop that joins
    /// workers must not wait for it, as it may be waiting for that stop.
    stopping: bool,
}

impl WorkerRecord {
    pub(crate) fn new(cell: Arc<CachePadded<WorkerCell>>) -> Self {
        WorkerRecord {
            removed: AtomicBool::new(false),
            cell,
            thread: Mutex::new(None),
            thread_id: Mutex::new(None),
            status: Mutex::new(Status::default()),
            status_changed: Condvar::new(),
        }
    }

    /// For a worker added to a stopped pool: removed and exited before it began.
    pub(crate) fn never_started(&self) {
        self.mark_removed();
        self.set_exited();
    }

    pub(crate) fn set_thread(&self, handle: thread::JoinHandle<()>) {
        *lock(&self.thread_id) = Some(handle.thread().id());
        *lock(&self.thread) = Some(handle);
    }

    /// Whether the calling thread is this worker's thread.
    pub(crate) fn is_current(&self) -> bool {
        self.thread_id() == Some(thread::current().id())
    }

    pub(crate) fn thread_id(&self) -> Option<thread::ThreadId> {
        *lock(&self.thread_id)
    }

    /// Marks the worker removed; returns `true` for the call that did.
    pub(crate) fn mark_removed(&self) -> bool {
        !self.removed.swap(true, Ordering::SeqCst)
    }

    pub(crate) fn is_removed(&self) -> bool {
        self.removed.load(Ordering::Relaxed)
    }

    /// The job this worker holds or is about to take: see [`WorkerRecord::running`].
    pub(crate) fn running(&self) -> usize {
        self.cell.running.load(Ordering::SeqCst)
    }

    /// Says the worker is about to try to take the job at `position`; only its own
    /// thread calls it, before its compare-and-swap on `head`. A release store (a plain
    /// store on x86): a `wait_idle` that sees `head` moved by that compare-and-swap (or
    /// a later one) also sees this.
    #[inline]
    pub(crate) fn set_claiming(&self, position: usize) {
        self.cell.running.store(position, Ordering::Release);
    }

    /// Says the worker holds no job. Sequentially consistent: the worker reads the count
    /// of `wait_idle` callers next (the store-buffer pattern), off the hot path.
    pub(crate) fn set_not_running(&self) {
        self.cell.running.store(NOT_RUNNING, Ordering::SeqCst);
    }

    pub(crate) fn running_cell(&self) -> &AtomicUsize {
        &self.cell.running
    }

    pub(crate) fn cell(&self) -> &WorkerCell {
        &self.cell
    }

    pub(crate) fn has_exited(&self) -> bool {
        lock(&self.status).exited
    }

    /// Whether the thread has exited, or with `unless_stopping` is inside a `stop` it
    /// called from a job: what [`wait_for_exit`](Self::wait_for_exit) waits for, asked
    /// without waiting.
    pub(crate) fn has_ended(&self, unless_stopping: bool) -> bool {
        let status = lock(&self.status);
        status.exited || (unless_stopping && status.stopping)
    }

    /// Drops the thread's handle once the thread has exited, detaching it: for a stop
    /// that must not block, which leaves nothing for a later `join` to wait for.
    pub(crate) fn detach_if_exited(&self) {
        if self.has_exited() {
            drop(lock(&self.thread).take());
        }
    }

    fn set_exited(&self) {
        lock(&self.status).exited = true;
        self.status_changed.notify_all();
    }

    /// Marks the worker as inside (or out of) a `stop` it called from one of its jobs.
    pub(crate) fn set_stopping(&self, stopping: bool) {
        lock(&self.status).stopping = stopping;
        self.status_changed.notify_all();
    }

    /// Waits until the thread has exited: joins it if no one else is, else waits for
    /// whoever does.
    pub(crate) fn join(&self) {
        self.wait_for_exit(false);
    }

    /// Waits until the thread has exited, as [`join`](Self::join) does, or until the
    /// worker is inside a `stop` it called itself (which may be waiting for the caller).
    pub(crate) fn join_unless_stopping(&self) {
        self.wait_for_exit(true);
    }

    fn wait_for_exit(&self, unless_stopping: bool) {
        let mut status = lock(&self.status);
        let done = |status: &Status| status.exited || (unless_stopping && status.stopping);
        while !done(&status) {
            status = wait(&self.status_changed, status);
        }
        let exited = status.exited;
        drop(status);
        if exited {
            // The thread has ended or is ending: reap it. Jobs' panics are caught; an Err
            // is a panic in the worker func's drop, which the panic hook has reported.
            if let Some(handle) = lock(&self.thread).take() {
                let _ = handle.join();
            }
        }
    }
}

/// The body of a worker thread: takes jobs until removed, or until the pool stops and the
/// queue is empty.
pub(crate) fn run<T, F>(shared: &Shared<T>, record: &WorkerRecord, work: F)
where
    T: Send + 'static,
    F: FnMut(T),
{
    // Whatever happens to the thread from here, even a panic in the func's drop, the pool
    // learns that the worker is gone.
    let _exit = ExitGuard { shared, record };
    // Declared after the guard, so dropped before it: `join` returns after the func's
    // state (its channels, its connection) is gone.
    let mut work = work;
    match shared.rendezvous() {
        Some(rendezvous) => loop {
            let taken = rendezvous.take(
                record.running_cell(),
                NOT_RUNNING,
                || record.is_removed(),
                || shared.job_finished(),
            );
            match taken {
                // A handoff spends no time in a queue.
                Taken::Job(job) => run_job(shared, record, &mut work, job, None),
                Taken::Exit => break,
            }
        },
        None => take_from_queue(shared, record, &mut work),
    }
}

/// Runs one job, inside the span it was delegated in, catching any panic: the worker lives
/// on, and the job counts as finished. `enqueued_at` is when it entered the queue.
#[inline]
fn run_job<T: Send + 'static>(
    shared: &Shared<T>,
    record: &WorkerRecord,
    work: &mut impl FnMut(T),
    job: Queued<T>,
    enqueued_at: Option<u64>,
) {
    record.cell().started_one();
    job.run(|job| {
        let run = || shared.caught(|| work(job));
        match &shared.observer {
            None => {
                run();
            }
            Some(observer) => observer.run(shared, record.cell(), run, enqueued_at),
        }
    });
    record.cell().finished_one();
}

/// The worker loop on a queue: pop, run, and wait when the queue is empty.
fn take_from_queue<T: Send + 'static>(
    shared: &Shared<T>,
    record: &WorkerRecord,
    work: &mut impl FnMut(T),
) {
    let more_jobs = || !shared.ring.is_empty();
    // When the job about to be taken entered the queue (0 on a pool that does not time).
    let enqueued_at = Cell::new(0);
    // Before each attempt to take the job at `position`: which job this worker may hold,
    // which also says it has finished the last one.
    let claiming = |position| {
        record.set_claiming(position);
        enqueued_at.set(shared.ring.enqueued_at(position));
    };
    // Where this worker stands with the workers waiting for a job, after a wait there.
    let mut standing = Standing::NotWaiting;
    loop {
        if record.is_removed() {
            break;
        }
        // Once the pool stopped, `pop` also waits for a push under way, so that `None`
        // means the queue is empty for good.
        let closed = shared.ring.is_closed();
        let next = if closed {
            shared.ring.pop(claiming)
        } else {
            shared.ring.try_pop(claiming)
        };
        if let Some(job) = next {
            // After the compare-and-swap that took it (sequentially consistent): the last
            // job is finished, a `wait_idle` may be waiting for that.
            shared.job_finished();
            let waited = std::mem::take(&mut standing);
            shared.job_waiters.done_waiting(waited, more_jobs);
            shared.job_taken();
            run_job(shared, record, work, job, Some(enqueued_at.get()));
            continue;
        }
        // No job held: the last one is finished.
        record.set_not_running();
        shared.job_finished();
        if closed {
            break;
        }
        let must_look = || shared.ring.is_closed() || record.is_removed();
        let woken = shared.job_waiters.wait(
            WaitPlan::after(standing),
            || shared.ring.head_is_ready() || must_look(),
            || more_jobs() || must_look(),
        );
        standing = woken.standing();
    }
    // Delegates may have counted on this worker to take a job: hand that on.
    shared.job_waiters.done_waiting(standing, more_jobs);
}

/// Tells the pool a worker thread is about to end, however it ends.
struct ExitGuard<'a, T: Send + 'static> {
    shared: &'a Shared<T>,
    record: &'a WorkerRecord,
}

impl<T: Send + 'static> Drop for ExitGuard<'_, T> {
    fn drop(&mut self) {
        self.record.set_not_running();
        // Its last write to the cell: the next worker added may take it over.
        self.record.cell().release();
        self.shared.worker_exited(self.record);
        self.record.set_exited();
        // After the flag: a future that sees it exited need not wait for a wake-up.
        self.shared.thread_ended();
    }
}

/// A panic payload, for the pool's panic handler.
pub(crate) type Payload = Box<dyn Any + Send>;

/// The part of a pool a [`WorkerHandle`] needs, whatever the pool's job type.
pub(crate) trait Control: Send + Sync {
    /// Stops counting a removed worker and wakes its thread, if it waits for a job.
    fn worker_removed(&self, thread: Option<thread::ThreadId>);

    /// The pool's identity: the address of what its handles share, the same wherever the `Pool` moves.
    fn identity(&self) -> *const ();
}

/// A worker added with [`Pool::add_worker`](crate::Pool::add_worker).
///
/// Dropping the handle keeps the worker running; [`remove`](Self::remove) ends it, and
/// [`join`](Self::join) waits until its thread has exited.
///
/// ```
/// let pool = workerpool::Pool::new(8);
/// let worker = pool.add_worker(|line: String| println!("{line}"));
/// pool.delegate("hello".to_string()).unwrap();
/// pool.wait_idle();
///
/// worker.remove(); // finishes the job it is running, if any, then exits
/// worker.join();   // waits until it has
/// assert_eq!(pool.workers(), 0);
/// ```
pub struct WorkerHandle {
    record: Arc<WorkerRecord>,
    pool: Box<dyn Control>,
}

impl WorkerHandle {
    pub(crate) fn new(record: Arc<WorkerRecord>, pool: Box<dyn Control>) -> Self {
        WorkerHandle { record, pool }
    }

    /// Tells the worker to exit: it finishes the job it is running, if any, and takes no
    /// other. Returns at once; the pool stops counting the worker at once. Calling it
    /// again does nothing. (On a rendezvous pool, a job a delegate had already handed to
    /// the waiting worker counts as the one it is running: it runs.)
    ///
    /// ```
    /// let pool = workerpool::Pool::new(8);
    /// let worker = pool.add_worker(|n: u32| drop(n));
    /// assert_eq!(pool.workers(), 1);
    /// worker.remove();
    /// assert_eq!(pool.workers(), 0);
    /// ```
    pub fn remove(&self) {
        if self.record.mark_removed() {
            self.pool.worker_removed(self.record.thread_id());
        }
    }

    /// Whether this is a worker of `pool` (the pool it was added to), so that handles of several
    /// pools kept in one list can be told apart. A pool is the same pool wherever it moves.
    ///
    /// ```
    /// let pools = vec![workerpool::Pool::new(8), workerpool::Pool::new(8)];
    /// let handles: Vec<_> = pools.iter().map(|p| p.add_worker(|n: u32| drop(n))).collect();
    /// let moved = pools; // the pools move; the handles still know them
    /// assert!(handles[0].is_worker_of(&moved[0]));
    /// assert!(!handles[0].is_worker_of(&moved[1]));
    /// ```
    pub fn is_worker_of<T: Send + 'static>(&self, pool: &crate::Pool<T>) -> bool {
        std::ptr::eq(self.pool.identity(), pool.identity())
    }

    /// Waits until the worker's thread has exited, after [`remove`](Self::remove) or once
    /// the pool stops. It does not remove the worker itself.
    ///
    /// # Panics
    ///
    /// When called from the worker's own thread (inside one of its jobs), which would wait
    /// for itself forever.
    ///
    /// ```
    /// use std::sync::mpsc;
    ///
    /// let pool = workerpool::Pool::new(8);
    /// let (sent, received) = mpsc::channel();
    /// let worker = pool.add_worker(move |n: u32| sent.send(n * 2).unwrap());
    /// pool.delegate(21).unwrap();
    /// assert_eq!(received.recv().unwrap(), 42);
    ///
    /// worker.remove();
    /// worker.join();
    /// // The worker's func, and the Sender it owned, are gone.
    /// assert!(received.recv().is_err());
    /// ```
    pub fn join(self) {
        assert!(
            !self.record.is_current(),
            "WorkerHandle::join called from the worker's own thread: it would wait for itself \
             forever; call remove() there, and join from another thread"
        );
        self.record.join();
    }

    /// Whether the worker's thread has exited (`join` would return at once). True from the
    /// start for a worker added to a pool that was already stopped.
    ///
    /// ```
    /// let pool = workerpool::Pool::new(8);
    /// let worker = pool.add_worker(|n: u32| drop(n));
    /// assert!(!worker.is_finished());
    /// pool.stop();
    /// assert!(worker.is_finished());
    /// ```
    pub fn is_finished(&self) -> bool {
        self.record.has_exited()
    }
}

impl fmt::Debug for WorkerHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WorkerHandle")
            .field("removed", &self.record.is_removed())
            .field("finished", &self.record.has_exited())
            .finish()
    }
}
