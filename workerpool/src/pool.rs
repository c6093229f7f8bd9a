//! [`Pool<T>`]: queues jobs of type `T` for worker threads, and stops them.

use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use crate::async_api::AsyncWaiters;
use crate::builder::{Builder, Config};
use crate::error::{DelegateError, Error};
use crate::ring::{PushError, Ring};
use crate::sync::{Arc, AtomicUsize, Condvar, Mutex, Ordering, fence, lock, thread, wait};
use crate::waiters::{Waiters, Woken};
use crate::worker::{self, Control, Payload, WorkerHandle, WorkerRecord};

/// A queue of jobs of type `T` and the worker threads that run them.
///
/// Each worker is an `FnMut(T)` of its own, added with [`add_worker`](Self::add_worker)
/// and removed through the [`WorkerHandle`] it returns, at any time.
/// [`delegate`](Self::delegate) queues a job and waits while the queue is full;
/// [`stop`](Self::stop) runs what is queued, then joins the workers.
///
/// Queueing a job into a queue with room, and a worker taking and running it, allocate
/// nothing and take no lock.
///
/// A `Pool<T>` is `Send` and `Sync`: share it by reference, with
/// [`std::thread::scope`], or in an [`Arc`](std::sync::Arc). Dropping it stops it as
/// [`stop`](Self::stop) does, and drops any job that no worker was left to run.
///
/// ```
/// use std::sync::mpsc;
///
/// let pool = workerpool::Pool::new(100);
/// let (sent, received) = mpsc::channel();
/// for _ in 0..4 {
///     let sent = sent.clone();
///     pool.add_worker(move |n: u64| sent.send(n * n).unwrap());
/// }
/// for n in 1..=10 {
///     pool.delegate(n).unwrap();
/// }
/// pool.stop(); // runs the queue, then joins the workers
/// drop(sent);
/// assert_eq!(received.iter().sum::<u64>(), 385);
/// ```
pub struct Pool<T: Send + 'static> {
    pub(crate) shared: Arc<Shared<T>>,
}

/// What the pool and its worker threads share.
pub(crate) struct Shared<T> {
    pub(crate) ring: Ring<T>,
    /// Workers waiting for a job.
    pub(crate) job_waiters: Waiters,
    /// Delegates waiting for room in the queue.
    pub(crate) room_waiters: Waiters,
    /// A rendezvous delegate waiting for a worker to take its job (there is at most one:
    /// the queue holds one job).
    pub(crate) handoff_waiters: Waiters,
    /// A queue length of 0: a delegate waits until a worker has taken its job.
    pub(crate) rendezvous: bool,
    /// Async tasks waiting for room, a handoff or idle (`async_api`).
    pub(crate) async_waiters: AsyncWaiters,
    /// Workers counted by [`Pool::workers`].
    workers: AtomicUsize,
    /// The cores this process may run on.
    cores: usize,
    panics: AtomicUsize,
    /// Jobs queued and then handed back instead of run; they count as finished.
    returned: AtomicUsize,
    registry: Mutex<Registry>,
    pub(crate) idle: Idle,
    config: Config,
}

/// Every worker thread not yet reaped.
struct Registry {
    records: Vec<Arc<WorkerRecord>>,
    /// Workers ever added, for thread names.
    added: usize,
    /// Jobs finished by workers already reaped.
    reaped_done: usize,
}

/// Where [`Pool::wait_idle`] waits.
pub(crate) struct Idle {
    pub(crate) waiters: AtomicUsize,
    lock: Mutex<()>,
    changed: Condvar,
}

/// How long a delegate waits for room.
#[derive(Clone, Copy)]
enum Wait {
    Forever,
    Until(Instant),
    Never,
}

impl Wait {
    fn deadline(self) -> Option<Instant> {
        match self {
            Wait::Until(deadline) => Some(deadline),
            Wait::Forever | Wait::Never => None,
        }
    }

    /// The error for a job that gave up waiting.
    fn gave_up(self) -> Error {
        match self {
            Wait::Never => Error::Full,
            Wait::Until(_) | Wait::Forever => Error::Timeout,
        }
    }
}

impl<T: Send + 'static> Pool<T> {
    /// A pool whose queue holds `queue_len` jobs, with no workers yet.
    ///
    /// With `queue_len == 0` the pool is a rendezvous: [`delegate`](Self::delegate)
    /// returns once a worker has taken the job.
    ///
    /// ```
    /// let pool: workerpool::Pool<String> = workerpool::Pool::new(100);
    /// assert_eq!(pool.capacity(), 100);
    /// assert_eq!(pool.workers(), 0);
    /// ```
    pub fn new(queue_len: usize) -> Self {
        Builder::new(queue_len).build()
    }

    /// A [`Builder`], for thread names, stack size or a panic handler.
    ///
    /// ```
    /// let pool = workerpool::Pool::<u32>::builder(100).thread_name("mailer").build();
    /// assert_eq!(pool.capacity(), 100);
    /// ```
    pub fn builder(queue_len: usize) -> Builder<T> {
        Builder::new(queue_len)
    }

    pub(crate) fn with_config(queue_len: usize, config: Config) -> Self {
        // Asked once: it reads the CPU affinity and cgroup limits.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Pool {
            shared: Arc::new(Shared {
                ring: Ring::new(queue_len.max(1)),
                // The worker that slept last wakes first: its cache is warm. Delegates
                // wake in the order they came.
                job_waiters: Waiters::new(true, cores),
                // A freed slot wakes a delegate only once half the queue is free.
                room_waiters: Waiters::new(false, cores).looking_again(),
                handoff_waiters: Waiters::new(false, cores),
                rendezvous: queue_len == 0,
                async_waiters: AsyncWaiters::new(),
                workers: AtomicUsize::new(0),
                cores,
                panics: AtomicUsize::new(0),
                returned: AtomicUsize::new(0),
                registry: Mutex::new(Registry {
                    records: Vec::new(),
                    added: 0,
                    reaped_done: 0,
                }),
                idle: Idle {
                    waiters: AtomicUsize::new(0),
                    lock: Mutex::new(()),
                    changed: Condvar::new(),
                },
                config,
            }),
        }
    }

    /// Starts a worker: a thread that runs `work` on jobs from the queue, one at a time.
    ///
    /// Each worker has a func of its own, so it can own state: a connection, a buffer, a
    /// counter. The worker counts in [`workers`](Self::workers) as soon as this returns.
    /// Dropping the returned handle keeps the worker running; use it to
    /// [`remove`](WorkerHandle::remove) the worker.
    ///
    /// A job that panics does not take its worker down: the panic goes to the panic
    /// handler (see [`Builder::panic_handler`]) and the worker takes the next job.
    ///
    /// On a pool that is already stopped, no thread starts: the handle is
    /// [finished](WorkerHandle::is_finished) from the start and `work` is dropped.
    ///
    /// # Panics
    ///
    /// When the operating system cannot start a thread, as [`std::thread::spawn`] does.
    ///
    /// ```
    /// use std::sync::mpsc;
    ///
    /// // A worker per connection, each sending through its own client.
    /// struct Client { sent: mpsc::Sender<String> }
    ///
    /// let pool = workerpool::Pool::new(16);
    /// let (sent, received) = mpsc::channel();
    /// let client = Client { sent };
    /// let worker = pool.add_worker(move |email: String| client.sent.send(email).unwrap());
    ///
    /// pool.delegate("hello".to_string()).unwrap();
    /// assert_eq!(received.recv().unwrap(), "hello");
    /// worker.remove();
    /// ```
    pub fn add_worker<F>(&self, work: F) -> WorkerHandle
    where
        F: FnMut(T) + Send + 'static,
    {
        let shared = &self.shared;
        let record = Arc::new(WorkerRecord::new());
        let control: Box<dyn Control> = Box::new(Arc::clone(shared));
        let mut registry = lock(&shared.registry);
        if shared.ring.is_closed() {
            drop(registry);
            record.never_started();
            return WorkerHandle::new(record, control);
        }
        registry.reap();
        // A worker that finds no job parks in this list: make room now, not then.
        shared.job_waiters.reserve(registry.records.len() + 1);
        let mut builder = thread::Builder::new()
            .name(format!("{}-{}", shared.config.thread_name, registry.added));
        if let Some(bytes) = shared.config.stack_size {
            builder = builder.stack_size(bytes);
        }
        let thread_shared = Arc::clone(shared);
        let thread_record = Arc::clone(&record);
        shared.workers.fetch_add(1, Ordering::SeqCst);
        match builder.spawn(move || worker::run(&thread_shared, &thread_record, work)) {
            Ok(handle) => record.set_thread(handle),
            Err(err) => {
                shared.workers.fetch_sub(1, Ordering::SeqCst);
                drop(registry);
                panic!("workerpool: failed to start a worker thread: {err}");
            }
        }
        registry.added += 1;
        registry.records.push(Arc::clone(&record));
        drop(registry);
        WorkerHandle::new(record, control)
    }

    /// Queues `job`, waiting while the queue is full.
    ///
    /// Fails only when the pool is stopped, before or while it waits; the error hands the
    /// job back. Without workers the job waits in the queue for one to be added.
    ///
    /// A caller that has to sleep for room is woken once half the queue is free, not at
    /// every free slot, so that one wake-up queues many jobs; it also looks again by
    /// itself every few milliseconds, so it never sleeps on while there is room.
    ///
    /// ```
    /// # #[derive(Debug)] struct Email;
    /// # fn send(_: Email) {}
    /// # fn run(emails: Vec<Email>) -> Result<(), workerpool::Error> {
    /// // A queue of 100 emails, and four workers that send them.
    /// let pool = workerpool::Pool::new(100);
    /// for _ in 0..4 {
    ///     pool.add_worker(send);
    /// }
    /// for e in emails {
    ///     pool.delegate(e)?; // waits while the queue is full
    /// }
    /// pool.stop(); // runs the queue, then joins the workers
    /// # Ok(())
    /// # }
    /// # run(vec![Email, Email]).unwrap();
    /// ```
    #[inline]
    pub fn delegate(&self, job: T) -> Result<(), DelegateError<T>> {
        self.send(job, Wait::Forever)
    }

    /// Queues `job`, waiting at most `timeout` for room.
    ///
    /// Fails with [`Error::Timeout`] when the queue stayed full, and with
    /// [`Error::Stopped`] when the pool is stopped; either way the job comes back.
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// # struct Email;
    /// # #[derive(Debug)] struct Busy;
    /// # fn handle(pool: &workerpool::Pool<Email>, email: Email) -> Result<(), Busy> {
    /// // Wait up to 100 ms for room in the queue, then turn the request away.
    /// if let Err(err) = pool.delegate_timeout(email, Duration::from_millis(100)) {
    ///     let _email = err.into_job(); // nothing is lost: retry it, or log it
    ///     return Err(Busy);
    /// }
    /// # Ok(())
    /// # }
    /// # let pool = workerpool::Pool::new(1);
    /// # assert!(handle(&pool, Email).is_ok());
    /// # assert!(handle(&pool, Email).is_err()); // no worker: the queue stays full
    /// ```
    pub fn delegate_timeout(&self, job: T, timeout: Duration) -> Result<(), DelegateError<T>> {
        match Instant::now().checked_add(timeout) {
            Some(deadline) => self.send(job, Wait::Until(deadline)),
            None => self.send(job, Wait::Forever),
        }
    }

    /// Queues `job`, waiting for room until `deadline` at the latest: for a request that
    /// has a deadline of its own. Fails as [`delegate_timeout`](Self::delegate_timeout)
    /// does.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    ///
    /// let pool: workerpool::Pool<u32> = workerpool::Pool::new(1);
    /// let deadline = Instant::now() + Duration::from_millis(5);
    /// pool.delegate_deadline(1, deadline).unwrap();
    /// let err = pool.delegate_deadline(2, deadline).unwrap_err(); // full, no worker
    /// assert!(err.is_timeout());
    /// assert!(Instant::now() >= deadline);
    /// ```
    pub fn delegate_deadline(&self, job: T, deadline: Instant) -> Result<(), DelegateError<T>> {
        self.send(job, Wait::Until(deadline))
    }

    /// Queues `job` only if the queue has room now; fails with [`Error::Full`] otherwise,
    /// or [`Error::Stopped`], handing the job back.
    ///
    /// With a queue length of 0 there is never room to wait in: the job is handed over
    /// only when a worker is idle, and the call waits for that worker to take it.
    ///
    /// ```
    /// let pool: workerpool::Pool<&str> = workerpool::Pool::new(1);
    /// assert!(pool.try_delegate("a").is_ok());
    /// let err = pool.try_delegate("b").unwrap_err();
    /// assert!(err.is_full());
    /// assert_eq!(err.into_job(), "b");
    /// ```
    #[inline]
    pub fn try_delegate(&self, job: T) -> Result<(), DelegateError<T>> {
        if self.shared.rendezvous && !self.shared.job_waiters.any() {
            let kind = if self.shared.ring.is_closed() {
                Error::Stopped
            } else {
                Error::Full
            };
            return Err(DelegateError::new(kind, job));
        }
        self.send(job, Wait::Never)
    }

    /// The hot path: a push into room, then a look at whether a worker needs waking.
    /// Everything else is in [`send_slow`](Self::send_slow), out of line.
    #[inline]
    fn send(&self, job: T, wait: Wait) -> Result<(), DelegateError<T>> {
        let shared = &*self.shared;
        match shared.ring.push(job) {
            Ok(position) => {
                shared.job_waiters.notify();
                if shared.rendezvous {
                    self.await_handoff(position, wait)
                } else {
                    Ok(())
                }
            }
            Err(refused) => self.send_slow(refused, wait),
        }
    }

    /// A push that found the queue full or closed: waits for room as `wait` says, or
    /// hands the job back.
    #[cold]
    #[inline(never)]
    fn send_slow(&self, refused: PushError<T>, wait: Wait) -> Result<(), DelegateError<T>> {
        let shared = &*self.shared;
        let has_room = || !shared.ring.is_full();
        // After a wait for room: whether this caller still counts as spinning for room.
        let mut waited: Option<bool> = None;
        let mut timed_out = false;
        let mut pushed = Err(refused);
        let refused = loop {
            match pushed {
                Ok(position) => {
                    shared.job_waiters.notify();
                    if let Some(spinning) = waited {
                        shared.room_waiters.done_waiting(spinning, has_room);
                    }
                    return if shared.rendezvous {
                        self.await_handoff(position, wait)
                    } else {
                        Ok(())
                    };
                }
                Err(PushError::Closed(job)) => {
                    break DelegateError::new(Error::Stopped, job);
                }
                Err(PushError::Full(job)) => {
                    if matches!(wait, Wait::Never) || timed_out {
                        break DelegateError::new(wait.gave_up(), job);
                    }
                    let woken = shared.room_waiters.wait(
                        waited == Some(true),
                        shared.has_idle_core(),
                        wait.deadline(),
                        || shared.ring.tail_is_free() || shared.ring.is_closed(),
                        || has_room() || shared.ring.is_closed(),
                    );
                    // A sleeper is woken only once half the queue is free: at its deadline
                    // it still takes any room there is, with this last push.
                    timed_out = woken == Woken::TimedOut;
                    waited = Some(woken == Woken::Spinning);
                    pushed = shared.ring.push(job);
                }
            }
        };
        if let Some(spinning) = waited {
            shared.room_waiters.done_waiting(spinning, has_room);
        }
        Err(refused)
    }

    /// A rendezvous delegate: waits until a worker has taken the job queued at `position`,
    /// or takes it back when the pool stops or the wait runs out.
    fn await_handoff(&self, position: usize, wait: Wait) -> Result<(), DelegateError<T>> {
        let shared = &*self.shared;
        let taken = || shared.ring.head() != position;
        let ready = || {
            taken()
                || shared.ring.is_closed()
                || (matches!(wait, Wait::Never) && shared.workers.load(Ordering::SeqCst) == 0)
        };
        let woken = shared
            .handoff_waiters
            .wait(false, true, wait.deadline(), ready, ready);
        // The only delegate that waits for a handoff: there is no one to pass it on to.
        shared
            .handoff_waiters
            .done_waiting(woken == Woken::Spinning, || false);
        if taken() {
            return Ok(());
        }
        match shared.ring.pop_at(position) {
            Some(job) => {
                shared.job_returned(1);
                // The slot is free again: a delegate waiting for room can go on.
                shared.room_waiters.notify();
                shared.async_waiters.room.wake_one();
                let kind = if shared.ring.is_closed() {
                    Error::Stopped
                } else {
                    wait.gave_up()
                };
                Err(DelegateError::new(kind, job))
            }
            // A worker took it in the meantime.
            None => Ok(()),
        }
    }

    /// Stops the pool: it takes no more jobs, runs the ones queued, and returns once every
    /// worker thread has been joined.
    ///
    /// - New calls to `delegate` fail with [`Error::Stopped`] and hand the job back;
    ///   callers waiting for room get theirs back too.
    /// - Every queued job runs on the workers left. If no worker is left, the queued jobs
    ///   are returned, in queue order, instead of dropped; otherwise the result is empty.
    /// - The pool stays stopped. Calling `stop` again, from any thread, waits for the
    ///   first call's work and returns an empty `Vec`.
    ///
    /// Called from one of the pool's own workers (inside a job), `stop` cannot wait for
    /// that worker: it joins the others, and the calling worker runs what is left of the
    /// queue after its job, then exits.
    ///
    /// ```
    /// let pool: workerpool::Pool<&str> = workerpool::Pool::new(8);
    /// pool.delegate("queued before any worker").unwrap();
    /// let unrun = pool.stop(); // no worker was left to run it
    /// assert_eq!(unrun, ["queued before any worker"]);
    /// assert!(pool.delegate("late").unwrap_err().is_stopped());
    /// ```
    pub fn stop(&self) -> Vec<T> {
        let shared = &*self.shared;
        shared.ring.close();
        shared.job_waiters.wake_all();
        shared.room_waiters.wake_all();
        shared.handoff_waiters.wake_all();
        shared.async_waiters.wake_all();
        let caller = shared.join_workers();
        // Jobs no worker is left to run. A rendezvous queue holds only jobs whose
        // delegates are still waiting: they take their own back.
        let runs_the_rest = caller.is_some_and(|record| !record.is_removed());
        let mut unrun = Vec::new();
        if !shared.rendezvous && !runs_the_rest {
            while let Some(job) = shared.ring.pop() {
                unrun.push(job);
            }
        }
        shared.job_returned(unrun.len());
        unrun
    }

    /// Waits until every job queued before the call has run (or was handed back by
    /// [`stop`](Self::stop)). Unlike `stop`, the pool stays open: queue more afterwards.
    ///
    /// Jobs queued while it waits are not waited for. Without workers, it waits until
    /// one is added or the pool stops.
    ///
    /// # Panics
    ///
    /// When called from one of the pool's own workers, which would wait for its own job
    /// forever.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use std::sync::Arc;
    ///
    /// let total = Arc::new(AtomicU64::new(0));
    /// let pool = workerpool::Pool::new(16);
    /// for _ in 0..2 {
    ///     let total = Arc::clone(&total);
    ///     pool.add_worker(move |n: u64| {
    ///         total.fetch_add(n, Ordering::Relaxed);
    ///     });
    /// }
    /// for batch in 0..3 {
    ///     for n in 1..=100 {
    ///         pool.delegate(n).unwrap();
    ///     }
    ///     pool.wait_idle(); // this batch has run; the pool stays open
    ///     assert_eq!(total.load(Ordering::Relaxed), 5050 * (batch + 1));
    /// }
    /// ```
    pub fn wait_idle(&self) {
        let shared = &*self.shared;
        assert!(
            shared.current_worker().is_none(),
            "Pool::wait_idle called from one of the pool's workers: it would wait for its \
             own job forever"
        );
        let target = shared.ring.count(shared.ring.tail());
        shared.idle.waiters.fetch_add(1, Ordering::SeqCst);
        let mut guard = lock(&shared.idle.lock);
        while shared.finished_jobs() < target {
            guard = wait(&shared.idle.changed, guard);
        }
        drop(guard);
        shared.idle.waiters.fetch_sub(1, Ordering::SeqCst);
    }

    /// How many workers run: each counts from the moment
    /// [`add_worker`](Self::add_worker) returns until it is removed or the pool stops.
    ///
    /// ```
    /// let pool = workerpool::Pool::new(8);
    /// let worker = pool.add_worker(|_: u8| {});
    /// assert_eq!(pool.workers(), 1);
    /// worker.remove();
    /// assert_eq!(pool.workers(), 0);
    /// ```
    pub fn workers(&self) -> usize {
        self.shared.workers.load(Ordering::SeqCst)
    }

    /// How many jobs wait in the queue now (not counting those being run).
    ///
    /// ```
    /// let pool = workerpool::Pool::new(8);
    /// pool.delegate(1u8).unwrap();
    /// pool.delegate(2u8).unwrap();
    /// assert_eq!(pool.queued(), 2); // no worker yet
    /// ```
    pub fn queued(&self) -> usize {
        self.shared.ring.len()
    }

    /// How many jobs the queue holds: the `queue_len` the pool was made with.
    ///
    /// ```
    /// assert_eq!(workerpool::Pool::<u8>::new(0).capacity(), 0);
    /// ```
    pub fn capacity(&self) -> usize {
        if self.shared.rendezvous {
            0
        } else {
            self.shared.ring.capacity()
        }
    }

    /// Whether [`stop`](Self::stop) was called (or has begun).
    ///
    /// ```
    /// let pool = workerpool::Pool::<u8>::new(8);
    /// assert!(!pool.is_stopped());
    /// pool.stop();
    /// assert!(pool.is_stopped());
    /// ```
    pub fn is_stopped(&self) -> bool {
        self.shared.ring.is_closed()
    }

    /// How many jobs have panicked so far.
    ///
    /// ```
    /// let pool = workerpool::Pool::new(8);
    /// pool.add_worker(|n: u8| assert_ne!(n, 0));
    /// # std::panic::set_hook(Box::new(|_| {}));
    /// pool.delegate(0).unwrap();
    /// pool.delegate(1).unwrap();
    /// pool.wait_idle();
    /// assert_eq!(pool.panics(), 1);
    /// ```
    pub fn panics(&self) -> usize {
        self.shared.panics.load(Ordering::SeqCst)
    }
}

impl<T: Send + 'static> Drop for Pool<T> {
    /// Stops the pool as [`Pool::stop`] does, and drops the jobs no worker was left to run.
    fn drop(&mut self) {
        drop(self.stop());
    }
}

impl<T: Send + 'static> fmt::Debug for Pool<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pool")
            .field("capacity", &self.capacity())
            .field("queued", &self.queued())
            .field("workers", &self.workers())
            .field("stopped", &self.is_stopped())
            .finish()
    }
}

impl<T: Send + 'static> Shared<T> {
    /// A worker took a job. A delegate asleep for room wakes once half the queue is free,
    /// not at every free slot: one wake-up (microseconds of system calls, on the worker's
    /// time) then feeds many jobs instead of one.
    #[inline]
    pub(crate) fn job_taken(&self) {
        let worth_waking = || self.ring.len() <= self.ring.capacity() / 2;
        self.room_waiters.notify_if(worth_waking);
        self.async_waiters.room.wake_one_if(worth_waking);
        if self.rendezvous {
            self.handoff_waiters.notify();
            self.async_waiters.handoff.wake_all();
        }
    }

    /// Whether some core is left over by the workers that are awake: only then can a
    /// delegate's spinning for room pay off, instead of taking a core from a worker.
    fn has_idle_core(&self) -> bool {
        let workers = self.workers.load(Ordering::SeqCst);
        workers.saturating_sub(self.job_waiters.sleeping()) < self.cores
    }

    /// A job returned from the worker func, or unwound out of it.
    pub(crate) fn job_done(&self) {
        if self.idle.waiters.load(Ordering::Relaxed) > 0 {
            self.notify_idle();
        }
    }

    /// A worker is about to wait for a job. The hot path's check in `job_done` may miss a
    /// waiter that just arrived; this one cannot, and it runs before the worker sleeps.
    pub(crate) fn going_idle(&self) {
        fence(Ordering::SeqCst);
        if self.idle.waiters.load(Ordering::Relaxed) > 0 {
            self.notify_idle();
        }
    }

    pub(crate) fn job_panicked(&self, payload: Payload) {
        self.panics.fetch_add(1, Ordering::SeqCst);
        if let Some(handler) = &self.config.panic_handler {
            // The hook has reported a panic in the handler; the worker carries on.
            let _ = panic::catch_unwind(AssertUnwindSafe(|| handler(payload)));
        }
    }

    pub(crate) fn job_returned(&self, count: usize) {
        if count > 0 {
            self.returned.fetch_add(count, Ordering::SeqCst);
            self.notify_idle();
        }
    }

    /// The worker's thread is ending.
    pub(crate) fn worker_exited(&self, record: &WorkerRecord) {
        if record.mark_removed() {
            self.workers.fetch_sub(1, Ordering::SeqCst);
        }
        self.going_idle();
        // A delegate asleep for room waits for pops this worker will no longer make.
        self.room_waiters.notify();
        self.async_waiters.room.wake_one();
    }

    fn notify_idle(&self) {
        let guard = lock(&self.idle.lock);
        self.idle.changed.notify_all();
        drop(guard);
        self.async_waiters.idle.wake_all();
    }

    /// Jobs run or handed back since the pool was made.
    pub(crate) fn finished_jobs(&self) -> usize {
        fence(Ordering::SeqCst);
        let registry = lock(&self.registry);
        let running: usize = registry.records.iter().map(|record| record.done()).sum();
        registry.reaped_done + running + self.returned.load(Ordering::SeqCst)
    }

    /// The record of the worker whose thread calls this, if it is one of ours.
    pub(crate) fn current_worker(&self) -> Option<Arc<WorkerRecord>> {
        let registry = lock(&self.registry);
        registry
            .records
            .iter()
            .find(|record| record.is_current())
            .cloned()
    }

    /// Joins every worker thread but the caller's; returns the caller's record if it is
    /// a worker. No worker can be added once the ring is closed.
    fn join_workers(&self) -> Option<Arc<WorkerRecord>> {
        let records = lock(&self.registry).records.clone();
        let mut caller = None;
        for record in records {
            if record.is_current() {
                caller = Some(record);
            } else {
                record.join();
            }
        }
        caller
    }
}

impl<T: Send + 'static> Control for Arc<Shared<T>> {
    fn worker_removed(&self, thread: Option<thread::ThreadId>) {
        self.workers.fetch_sub(1, Ordering::SeqCst);
        if let Some(thread) = thread {
            self.job_waiters.wake_thread(thread);
        }
    }
}

impl Registry {
    /// Forgets workers whose threads have exited, keeping count of the jobs they ran.
    fn reap(&mut self) {
        let mut done = 0;
        self.records.retain(|record| {
            let exited = record.has_exited();
            if exited {
                done += record.done();
            }
            !exited
        });
        self.reaped_done += done;
    }
}
