//! [`Pool<T>`]: queues jobs of type `T` for worker threads, and stops them.

use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use crate::async_api::AsyncWaiters;
use crate::builder::{Builder, Config};
use crate::error::{DelegateError, Error};
use crossbeam_utils::CachePadded;

use crate::rendezvous::Rendezvous;
use crate::ring::{PushError, Ring};
use crate::stats::{Counters, WorkerCell};
use crate::sync::{
    Arc, AtomicUsize, Condvar, Mutex, Ordering, lock, store_load_order, thread, wait,
};
use crate::timing::{Observer, TimesRecorder};
use crate::traced::{Queued, unqueued};
use crate::waiters::{Standing, WaitPlan, Waiters, Woken};
use crate::worker::{self, Control, NOT_RUNNING, Payload, WorkerHandle, WorkerRecord};

/// A queue of jobs of type `T` and the worker threads that run them.
///
/// Each worker is an `FnMut(T)` of its own, added with [`add_worker`](Self::add_worker)
/// and removed through the [`WorkerHandle`] it returns, at any time.
/// [`delegate`](Self::delegate) queues a job and waits while the queue is full;
/// [`stop`](Self::stop) runs what is queued, then joins the workers.
///
/// Queueing a job into a queue with room, and a worker taking and running it, allocate
/// nothing and take no lock, but for the one that wakes a sleeping worker.
///
/// A `Pool<T>` is `Send` and `Sync`: share it by reference, with
/// [`std::thread::scope`], or in an [`Arc`](std::sync::Arc). Dropping it stops it as
/// [`stop`](Self::stop) does, blocking until the queue has run, and drops any job that no
/// worker was left to run; in async code, await [`stop_async`](Self::stop_async) first.
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
pub struct Pool<T> {
    shared: Arc<Shared<T>>,
}

/// What the pool and its worker threads share.
pub(crate) struct Shared<T> {
    /// The queue. On a rendezvous pool it stays empty: only its closed flag is used.
    pub(crate) ring: Ring<Queued<T>>,
    /// A queue length of 0: jobs go from delegate to worker here instead.
    rendezvous: Option<Rendezvous<Queued<T>>>,
    /// Workers waiting for a job.
    pub(crate) job_waiters: Waiters,
    /// Delegates waiting for room in the queue.
    pub(crate) room_waiters: Waiters,
    /// Async tasks waiting for room or idle (`async_api`); a rendezvous pool's waiting
    /// futures wait in its own lines instead.
    pub(crate) async_waiters: AsyncWaiters,
    /// Workers counted by [`Pool::workers`].
    pub(crate) workers: AtomicUsize,
    /// The cores this process may run on.
    cores: usize,
    pub(crate) panics: AtomicUsize,
    /// What [`Pool::stats`] reads beyond the above; slow paths write it.
    pub(crate) counters: CachePadded<Counters>,
    /// Job times and hooks, when the builder asked for them; `None` keeps the hot path
    /// as it is without them.
    pub(crate) observer: Option<Box<Observer>>,
    registry: Mutex<Registry>,
    pub(crate) idle: Idle,
    /// Which stop takes the jobs no worker was left to run, and whether they are drained.
    stop: Mutex<StopState<T>>,
    stop_changed: Condvar,
    config: Config,
}

/// Where the stops of a pool stand. Exactly one stop call hands back what no worker was
/// left to run: the one that holds the claim when it returns. A claim given up (a
/// [`Stop`](crate::Stop) future dropped before it resolved) passes to the next stop.
struct StopState<T> {
    /// A stop call holds the claim: it waits for the workers, drains the queue into
    /// `left` (unless already done) and returns `left`.
    claimed: bool,
    /// The workers have exited (or are inside stops of their own) and what they left is
    /// in `left`: stops that do not hold the claim return.
    drained: bool,
    /// A claimer returned `left`: every later stop returns an empty `Vec`.
    handed_back: bool,
    left: Vec<T>,
}

/// What a stop call got: the claim to the leftovers, or a wait for whoever holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Claim {
    /// This call returns the leftovers; `drained` says whether the queue is drained already.
    Ours { drained: bool },
    /// Another call took or holds the claim, and the queue is drained: return empty.
    Theirs,
    /// Another call holds the claim and waits for the workers: wait for it.
    Pending,
}

/// Every worker thread not yet reaped.
struct Registry {
    records: Vec<Arc<WorkerRecord>>,
    /// Workers ever added, for thread names.
    added: usize,
}

/// What [`Pool::wait_idle`] waits for: the jobs queued before it was taken (the ring
/// positions, or rendezvous job numbers, below this one).
#[derive(Clone, Copy, Debug)]
pub(crate) struct IdleTicket(usize);

/// Where [`Pool::wait_idle`] waits.
pub(crate) struct Idle {
    /// Sync and async `wait_idle` callers: finished jobs notify only while it is not 0.
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
    /// What [`WorkerHandle::is_worker_of`] compares: the address of what the pool shares.
    pub(crate) fn identity(&self) -> *const () {
        Arc::as_ptr(&self.shared).cast()
    }

    /// A pool whose queue holds `queue_len` jobs, with no workers yet. The whole queue
    /// is allocated now: `queue_len` slots of about the size of a `T` each.
    ///
    /// `queue_len` is the length of the queue, not a number of threads (as it is for
    /// `threadpool::ThreadPool::new`): the pool starts a thread for each
    /// [`add_worker`](Self::add_worker), and none before.
    ///
    /// With `queue_len == 0` the pool is a rendezvous: [`delegate`](Self::delegate)
    /// returns once a worker has taken the job, and nothing is queued.
    ///
    /// # Panics
    ///
    /// When the queue cannot be allocated (say `Pool::new(1 << 40)`): the message names
    /// the length and the bytes it would take. It is a panic, not an abort.
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
        let observer = Observer::new(
            config.time_jobs,
            config.on_job_start.clone(),
            config.on_job_end.clone(),
        );
        let ring = Ring::new(queue_len.max(1));
        // A job's time in the queue is kept beside it, on a pool that wants it.
        let ring = if observer.is_some() && queue_len > 0 {
            ring.timed()
        } else {
            ring
        };
        Pool {
            shared: Arc::new(Shared {
                ring,
                rendezvous: (queue_len == 0).then(Rendezvous::new),
                // The worker that slept last wakes first: its cache is warm. Delegates
                // wake in the order they came.
                job_waiters: Waiters::new(true, cores),
                // A freed slot wakes a delegate only once half the queue is free.
                room_waiters: Waiters::new(false, cores).looking_again(),
                async_waiters: AsyncWaiters::new(),
                workers: AtomicUsize::new(0),
                cores,
                panics: AtomicUsize::new(0),
                counters: CachePadded::new(Counters::new(config.time_jobs)),
                observer,
                registry: Mutex::new(Registry {
                    records: Vec::new(),
                    added: 0,
                }),
                idle: Idle {
                    waiters: AtomicUsize::new(0),
                    lock: Mutex::new(()),
                    changed: Condvar::new(),
                },
                stop: Mutex::new(StopState {
                    claimed: false,
                    drained: false,
                    handed_back: false,
                    left: Vec::new(),
                }),
                stop_changed: Condvar::new(),
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
    /// On a pool that is already stopped (or stopping), no thread starts and nothing
    /// panics: `work` is dropped at once and the handle is
    /// [finished](WorkerHandle::is_finished) from the start, as a task spawned on a
    /// runtime that shut down is.
    ///
    /// ```
    /// let pool = workerpool::Pool::new(8);
    /// pool.stop();
    /// let late = pool.add_worker(|n: u32| println!("{n}"));
    /// assert!(late.is_finished());
    /// assert_eq!(pool.workers(), 0);
    /// ```
    ///
    /// # Panics
    ///
    /// When the operating system cannot start a thread, as [`std::thread::spawn`] does;
    /// the pool then counts no new worker and works on as before.
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
        let control: Box<dyn Control> = Box::new(Arc::clone(shared));
        let mut registry = lock(&shared.registry);
        if shared.ring.is_closed() {
            drop(registry);
            let record = WorkerRecord::new(Arc::new(CachePadded::new(WorkerCell::new(None))));
            record.never_started();
            return WorkerHandle::new(Arc::new(record), control);
        }
        registry.reap();
        let time_jobs = shared.observer.as_ref().is_some_and(|o| o.time_jobs);
        let cell =
            (shared.counters.cells).claim(|| WorkerCell::new(time_jobs.then(TimesRecorder::new)));
        let record = Arc::new(WorkerRecord::new(cell));
        // A worker that finds no job parks in this list: make room now, not then.
        shared.job_waiters.reserve(registry.records.len() + 1);
        // A `stop_async` waits for this thread's exit in this list: room now, not then.
        shared.async_waiters.stop.reserve(1);
        let mut builder = thread::Builder::new()
            .name(format!("{}-{}", shared.config.thread_name, registry.added));
        if let Some(bytes) = shared.config.stack_size {
            builder = builder.stack_size(bytes);
        }
        let thread_shared = Arc::clone(shared);
        let thread_record = Arc::clone(&record);
        // Counted before the thread starts (it may exit at once), uncounted if it never
        // does, even if `spawn` itself panics.
        shared.workers.fetch_add(1, Ordering::SeqCst);
        let uncount = Uncount(&shared.workers);
        match builder.spawn(move || worker::run(&thread_shared, &thread_record, work)) {
            Ok(handle) => {
                std::mem::forget(uncount);
                record.set_thread(handle);
            }
            Err(err) => {
                drop(uncount);
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
    /// On a rendezvous pool (`queue_len == 0`) it returns once a worker has taken this
    /// very job (several callers each wait for their own), and fails only with
    /// [`Error::Stopped`].
    ///
    /// A caller that has to sleep for room is woken once half the queue is free, not at
    /// every free slot, so that one wake-up queues many jobs. It also looks again by
    /// itself after 1 ms, then 2, 4, 8, 16 and 32 ms, and every 32 ms from then on: beside
    /// a free slot in a queue less than half free, it may sleep up to 32 ms.
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
    /// [`Error::Stopped`] when the pool is stopped; either way the job comes back. On a
    /// rendezvous pool, `Timeout` means no worker took the job before the deadline.
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
    /// or [`Error::Stopped`], handing the job back. It never waits, at any capacity.
    ///
    /// ```
    /// let pool: workerpool::Pool<&str> = workerpool::Pool::new(1);
    /// assert!(pool.try_delegate("a").is_ok());
    /// let err = pool.try_delegate("b").unwrap_err();
    /// assert!(err.is_full());
    /// assert_eq!(err.into_job(), "b");
    /// ```
    ///
    /// With a queue length of 0 there is no room to queue in: it succeeds only when a
    /// worker is waiting for a job at that moment, and hands the job straight to it.
    ///
    /// ```
    /// let pool = workerpool::Pool::new(0);
    /// assert!(pool.try_delegate(1).unwrap_err().is_full()); // no worker waits
    /// pool.add_worker(|n: u32| drop(n));
    /// pool.delegate(2).unwrap(); // waits until the worker takes it
    /// pool.wait_idle(); // job 2 has run: the worker waits for the next
    /// assert!(pool.try_delegate(3).is_ok());
    /// ```
    #[inline]
    pub fn try_delegate(&self, job: T) -> Result<(), DelegateError<T>> {
        if let Some(rendezvous) = &self.shared.rendezvous {
            let sent = rendezvous.try_send(Queued::new(job)).map_err(unqueued);
            self.shared.count_handoff(sent.is_ok());
            return sent;
        }
        self.send(job, Wait::Never)
    }

    /// The hot path: a push into room, then a look at whether a worker needs waking.
    /// Everything else is in [`send_slow`](Self::send_slow), out of line.
    #[inline]
    fn send(&self, job: T, wait: Wait) -> Result<(), DelegateError<T>> {
        let shared = &*self.shared;
        if let Some(rendezvous) = &shared.rendezvous {
            let sent = rendezvous
                .send(Queued::new(job), wait.deadline())
                .map_err(unqueued);
            shared.count_handoff(sent.is_ok());
            if sent.is_err() {
                // A job given back counts as finished for `wait_idle`.
                shared.job_finished();
            }
            return sent;
        }
        match shared.push(Queued::new(job)) {
            Ok(_) => {
                shared.job_waiters.notify_queued(|| shared.ring.len());
                Ok(())
            }
            Err(refused) => self.send_slow(refused, wait),
        }
    }

    /// A push that found the queue full or closed: waits for room as `wait` says, or
    /// hands the job back.
    #[cold]
    #[inline(never)]
    fn send_slow(&self, refused: PushError<Queued<T>>, wait: Wait) -> Result<(), DelegateError<T>> {
        let shared = &*self.shared;
        // Counted in the stats while this caller waits for room.
        let mut room_wait = None;
        let has_room = || !shared.ring.is_full();
        // Where this caller stands with the delegates waiting for room, after a wait there.
        let mut standing = Standing::NotWaiting;
        let mut timed_out = false;
        let mut pushed = Err(refused);
        let refused = loop {
            match pushed {
                Ok(_) => {
                    shared.job_waiters.notify_queued(|| shared.ring.len());
                    shared.room_waiters.done_waiting(standing, has_room);
                    return Ok(());
                }
                Err(PushError::Closed(job)) => {
                    break DelegateError::new(Error::Stopped, job.into_job());
                }
                Err(PushError::Full(job)) => {
                    if matches!(wait, Wait::Never) || timed_out {
                        break DelegateError::new(wait.gave_up(), job.into_job());
                    }
                    room_wait.get_or_insert_with(|| shared.counters.room_wait());
                    let plan = WaitPlan {
                        standing,
                        may_spin: shared.has_idle_core(),
                        deadline: wait.deadline(),
                    };
                    let woken = shared.room_waiters.wait(
                        plan,
                        || shared.ring.tail_is_free() || shared.ring.is_closed(),
                        || has_room() || shared.ring.is_closed(),
                    );
                    // A sleeper is woken only once half the queue is free: at its deadline
                    // it still takes any room there is, with this last push.
                    timed_out = woken == Woken::TimedOut;
                    standing = woken.standing();
                    pushed = shared.push(job);
                }
            }
        };
        shared.room_waiters.done_waiting(standing, has_room);
        shared.counters.refused();
        Err(refused)
    }

    /// Stops the pool: it takes no more jobs, runs the ones queued, and returns once every
    /// worker thread has been joined.
    ///
    /// - New calls to `delegate` fail with [`Error::Stopped`] and hand the job back;
    ///   callers waiting for room (or, on a rendezvous pool, for a worker) get theirs back
    ///   too.
    /// - Every queued job runs on the workers left. If no worker is left, the queued jobs
    ///   are returned, in queue order, instead of dropped; otherwise the result is empty.
    /// - Exactly one call takes what is left. Every other call, at the same time or
    ///   later, from any thread, waits until that first call has joined the workers and
    ///   taken the leftovers, then returns an empty `Vec`. The pool stays stopped.
    ///
    /// ```
    /// let pool: workerpool::Pool<&str> = workerpool::Pool::new(8);
    /// pool.delegate("queued before any worker").unwrap();
    /// let unrun = pool.stop(); // no worker was left to run it
    /// assert_eq!(unrun, ["queued before any worker"]);
    /// assert!(pool.stop().is_empty(), "a second stop has nothing left");
    /// assert!(pool.delegate("late").unwrap_err().is_stopped());
    /// ```
    ///
    /// Called from one of the pool's own workers (inside a job), `stop` cannot wait for
    /// that worker, nor for another worker that is itself inside `stop`: it joins the
    /// other workers (which run the queue before they exit), and the calling worker does
    /// not count as one left to run it. So whatever those workers did not run is returned
    /// to the job, and the calling worker exits once its job returns. Two jobs stopping
    /// the pool at once, or one stopping it while another drops the last `Arc<Pool>`,
    /// never deadlock.
    ///
    /// ```
    /// use std::sync::{mpsc, Arc};
    ///
    /// let pool = Arc::new(workerpool::Pool::new(8));
    /// let (returned, handed_back) = mpsc::channel();
    /// let inner = Arc::downgrade(&pool);
    /// pool.add_worker(move |job: u32| {
    ///     if job == 0 {
    ///         // The only worker: the jobs behind this one come back here.
    ///         returned.send(inner.upgrade().unwrap().stop()).unwrap();
    ///     }
    /// });
    /// for job in 0..4 {
    ///     pool.delegate(job).unwrap();
    /// }
    /// assert_eq!(handed_back.recv().unwrap(), [1, 2, 3]);
    /// ```
    pub fn stop(&self) -> Vec<T> {
        self.shared.stop()
    }

    /// Waits until every job queued before the call has finished running (or panicked),
    /// or was handed back by [`stop`](Self::stop) or by a delegate that gave up. Unlike
    /// `stop`, the pool stays open: queue more afterwards.
    ///
    /// Jobs other threads queue while it waits are not waited for, however long they
    /// run. With jobs queued and no worker, it waits until a worker is added and runs
    /// them, or `stop` hands them back.
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
        let ticket = shared.idle_ticket();
        shared.idle.waiters.fetch_add(1, Ordering::SeqCst);
        // Counted, then looks at the workers' running states, which they store before
        // they read this count: one side sees the other.
        store_load_order();
        let mut guard = lock(&shared.idle.lock);
        while !shared.is_idle_past(&ticket) {
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

    /// How many jobs wait in the queue now (not counting those being run). On a
    /// rendezvous pool: how many delegates wait for a worker to take their job.
    ///
    /// ```
    /// let pool = workerpool::Pool::new(8);
    /// pool.delegate(1u8).unwrap();
    /// pool.delegate(2u8).unwrap();
    /// assert_eq!(pool.queued(), 2); // no worker yet
    /// ```
    pub fn queued(&self) -> usize {
        match &self.shared.rendezvous {
            Some(rendezvous) => rendezvous.waiting_delegates(),
            None => self.shared.ring.len(),
        }
    }

    /// How many jobs the queue holds: the `queue_len` the pool was made with.
    ///
    /// ```
    /// assert_eq!(workerpool::Pool::<u8>::new(0).capacity(), 0);
    /// ```
    pub fn capacity(&self) -> usize {
        match self.shared.rendezvous {
            Some(_) => 0,
            None => self.shared.ring.capacity(),
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

    /// How many panics the workers have caught so far: jobs that panicked, and job hooks
    /// that did (see [`Builder::on_job_start`]).
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

    /// The state shared with the workers, for the async futures (`async_api`).
    pub(crate) fn shared(&self) -> &Shared<T> {
        &self.shared
    }
}

impl<T> Drop for Pool<T> {
    /// Stops the pool as [`Pool::stop`] does, and drops the jobs no worker was left to run.
    ///
    /// Like `stop`, it blocks the dropping thread while the workers run the queue and
    /// exit, and joins their threads. In async code that would block the executor's
    /// thread: await [`Pool::stop_async`] first, after which dropping the pool returns at
    /// once (the workers are gone and their threads detached).
    fn drop(&mut self) {
        drop(self.shared.stop());
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

impl<T> Shared<T> {
    /// [`Pool::stop`]; here, without the bounds of the pool's API, for the pool's `Drop`.
    fn stop(&self) -> Vec<T> {
        let caller = self.current_worker();
        self.begin_stop(caller.as_deref());
        let claim = {
            let mut state = lock(&self.stop);
            loop {
                match state.claim() {
                    Claim::Pending => state = wait(&self.stop_changed, state),
                    claim => break claim,
                }
            }
        };
        if claim == (Claim::Ours { drained: false }) {
            self.join_workers(true);
            self.drain();
        }
        match &caller {
            Some(record) => record.set_stopping(false),
            // Workers that were inside a stop of their own go on once it returns.
            None => self.join_workers(false),
        }
        match claim {
            Claim::Ours { .. } => self.hand_back(),
            Claim::Theirs | Claim::Pending => Vec::new(),
        }
    }

    /// The rendezvous flavor, on a pool made with a queue length of 0.
    pub(crate) fn rendezvous(&self) -> Option<&Rendezvous<Queued<T>>> {
        self.rendezvous.as_ref()
    }

    /// A worker took a job. A delegate asleep for room wakes once half the queue is free,
    /// not at every free slot: one wake-up (microseconds of system calls, on the worker's
    /// time) then feeds many jobs instead of one.
    #[inline]
    pub(crate) fn job_taken(&self) {
        let worth_waking = || self.ring.len() <= self.ring.capacity() / 2;
        self.room_waiters.notify_if(worth_waking);
        // One load while no async task waits.
        self.async_waiters.room.wake_one_if(worth_waking);
    }

    /// Whether some core is left over by the workers that are awake: only then can a
    /// delegate's spinning for room pay off, instead of taking a core from a worker.
    fn has_idle_core(&self) -> bool {
        let workers = self.workers.load(Ordering::SeqCst);
        workers.saturating_sub(self.job_waiters.sleeping()) < self.cores
    }

    /// A worker's last job is finished (it has stored its new running state, then made a
    /// sequentially consistent compare-and-swap or store): wakes `wait_idle` if anyone
    /// waits. The load is sequentially consistent too, so a waiter that counts itself
    /// after it still sees the new state.
    #[inline]
    pub(crate) fn job_finished(&self) {
        store_load_order();
        if self.idle.waiters.load(Ordering::SeqCst) > 0 {
            self.notify_idle();
        }
    }

    /// Queues `job`, with the time it entered the queue on a pool that times its jobs.
    #[inline]
    pub(crate) fn push(&self, job: Queued<T>) -> Result<usize, PushError<Queued<T>>> {
        match &self.observer {
            None => self.ring.push(job),
            Some(observer) => self.ring.push_at(job, observer.now()),
        }
    }

    /// A rendezvous delegate's job was taken by a worker (`true`) or handed back.
    pub(crate) fn count_handoff(&self, taken: bool) {
        if taken {
            self.counters.handed_to_worker();
        } else {
            self.counters.refused();
        }
    }

    /// Runs `f` (a job, or a job's hook), catching a panic as a panicking job's; returns
    /// whether it returned.
    #[inline]
    pub(crate) fn caught(&self, f: impl FnOnce()) -> bool {
        match panic::catch_unwind(AssertUnwindSafe(f)) {
            Ok(()) => true,
            Err(payload) => {
                self.job_panicked(payload);
                false
            }
        }
    }

    /// A job panicked: counts it and hands the payload to the handler. Nothing here can
    /// unwind into the worker: not the handler, nor a payload whose drop panics.
    pub(crate) fn job_panicked(&self, payload: Payload) {
        self.panics.fetch_add(1, Ordering::SeqCst);
        match &self.config.panic_handler {
            Some(handler) => {
                // The hook has reported a panic in the handler; the worker carries on.
                if let Err(again) = panic::catch_unwind(AssertUnwindSafe(|| handler(payload))) {
                    drop_payload(again);
                }
            }
            None => drop_payload(payload),
        }
    }

    /// The worker's thread is ending.
    pub(crate) fn worker_exited(&self, record: &WorkerRecord) {
        if record.mark_removed() {
            self.workers.fetch_sub(1, Ordering::SeqCst);
        }
        self.job_finished();
        // A delegate asleep for room waits for pops this worker will no longer make.
        self.room_waiters.notify();
        self.async_waiters.room.wake_one();
    }

    /// Something that can make [`is_idle_past`](Self::is_idle_past) true happened: a
    /// worker finished a job or exited, or `stop` handed jobs back. Wakes every
    /// `wait_idle`, which looks again.
    pub(crate) fn notify_idle(&self) {
        let guard = lock(&self.idle.lock);
        self.idle.changed.notify_all();
        drop(guard);
        // Outside the lock: a waker may run the executor's code.
        self.async_waiters.idle.wake_all();
    }

    /// A ticket for the jobs queued so far: see [`is_idle_past`](Self::is_idle_past).
    pub(crate) fn idle_ticket(&self) -> IdleTicket {
        IdleTicket(match &self.rendezvous {
            Some(rendezvous) => rendezvous.next_number(),
            None => self.ring.count(self.ring.tail()),
        })
    }

    /// Whether every job queued before `ticket` was taken has finished or was handed
    /// back: none is still queued, and no worker holds one.
    ///
    /// A worker stores the position it is about to take (a release store) before its
    /// compare-and-swap on `head`: so once `head` is past the ticket, each job before it
    /// is either finished or shows in its worker's running state. A worker that stored
    /// a position and then lost the race stores again, and notifies, before it waits.
    pub(crate) fn is_idle_past(&self, ticket: &IdleTicket) -> bool {
        let IdleTicket(ticket) = *ticket;
        if let Some(rendezvous) = &self.rendezvous {
            let registry = lock(&self.registry);
            let running = registry.records.iter().map(|record| record.running());
            return rendezvous.is_idle_past(ticket, NOT_RUNNING, running);
        }
        if self.ring.count(self.ring.head()) < ticket {
            return false;
        }
        let registry = lock(&self.registry);
        registry.records.iter().all(|record| {
            let running = record.running();
            running == NOT_RUNNING || self.ring.count(running) >= ticket
        })
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

    /// Joins every worker thread but the caller's, and with `unless_stopping` also not
    /// those inside a `stop` they called themselves (they may be waiting for this one).
    /// No worker can be added once the ring is closed.
    fn join_workers(&self, unless_stopping: bool) {
        let records = lock(&self.registry).records.clone();
        for record in records.iter().filter(|record| !record.is_current()) {
            if unless_stopping {
                record.join_unless_stopping();
            } else {
                record.join();
            }
        }
    }
}

impl<T> StopState<T> {
    /// Takes the claim if no call holds it and none returned the leftovers yet.
    fn claim(&mut self) -> Claim {
        if !self.claimed && !self.handed_back {
            self.claimed = true;
            Claim::Ours {
                drained: self.drained,
            }
        } else if self.drained {
            Claim::Theirs
        } else {
            Claim::Pending
        }
    }
}

/// The steps of a stop, shared by [`Pool::stop`] and the [`Stop`](crate::Stop) future.
impl<T> Shared<T> {
    /// Closes the pool and wakes everyone who waits on it; the first step of every stop.
    /// A `caller` (the pool's worker whose job stops the pool) is marked as inside a stop,
    /// so that a stop waiting for the workers does not wait for it.
    pub(crate) fn begin_stop(&self, caller: Option<&WorkerRecord>) {
        if let Some(record) = caller {
            record.set_stopping(true);
            self.async_waiters.stop.wake_all();
        }
        self.ring.close();
        if let Some(rendezvous) = &self.rendezvous {
            rendezvous.close();
        }
        self.job_waiters.wake_all();
        self.room_waiters.wake_all();
        self.async_waiters.wake_all();
    }

    /// Takes the claim to the leftovers if it is free: see [`Claim`].
    pub(crate) fn claim_leftovers(&self) -> Claim {
        lock(&self.stop).claim()
    }

    /// The claimer, once no worker is left to run the queue: moves what is queued into
    /// the pool's leftovers, and lets every stop waiting for that go on.
    pub(crate) fn drain(&self) {
        // Jobs no worker is left to run; a rendezvous pool queues none. One allocation,
        // none with an empty queue.
        let mut left = Vec::with_capacity(self.ring.len());
        while let Some(job) = self.ring.pop(|_| {}) {
            left.push(job.into_job());
        }
        self.counters.handed_back(left.len());
        let mut state = lock(&self.stop);
        // Drained once, by the one claimer: nothing is there yet.
        debug_assert!(!state.drained && state.left.is_empty());
        state.left = left;
        state.drained = true;
        drop(state);
        self.stop_changed.notify_all();
        self.async_waiters.stop.wake_all();
        self.notify_idle();
    }

    /// The claimer returns: it takes the leftovers, and no later stop gets any.
    pub(crate) fn hand_back(&self) -> Vec<T> {
        let mut state = lock(&self.stop);
        state.handed_back = true;
        state.claimed = false;
        std::mem::take(&mut state.left)
    }

    /// The claimer gives up before it returned (its future was dropped): the claim, and
    /// any leftovers drained, pass to the next stop, waiting or to come.
    pub(crate) fn release_claim(&self) {
        lock(&self.stop).claimed = false;
        self.stop_changed.notify_all();
        self.async_waiters.stop.wake_all();
    }

    /// Whether every worker thread but `caller`'s has exited, or, with `unless_stopping`,
    /// is inside a stop it called from a job: what a stop waits for without joining.
    pub(crate) fn threads_ended(
        &self,
        caller: Option<&WorkerRecord>,
        unless_stopping: bool,
    ) -> bool {
        let registry = lock(&self.registry);
        registry.records.iter().all(|record| {
            caller.is_some_and(|caller| std::ptr::eq(caller, &**record))
                || record.has_ended(unless_stopping)
        })
    }

    /// Detaches every worker thread that has exited, instead of joining it: its func is
    /// dropped, and what is left of the thread (its thread-locals' destructors) ends on
    /// its own, without anyone waiting for it.
    pub(crate) fn detach_exited_threads(&self) {
        let registry = lock(&self.registry);
        for record in &registry.records {
            record.detach_if_exited();
        }
    }

    /// A worker thread has set itself exited: a [`Stop`](crate::Stop) future waiting for
    /// it looks again.
    pub(crate) fn thread_ended(&self) {
        self.async_waiters.stop.wake_all();
    }
}

/// Drops a panic payload. A payload whose drop panics too is caught; the payload of that
/// second panic is leaked rather than dropped, as std does, so nothing unwinds further.
pub(crate) fn drop_payload(payload: Payload) {
    if let Err(again) = panic::catch_unwind(AssertUnwindSafe(|| drop(payload))) {
        std::mem::forget(again);
    }
}

/// Takes back one count from [`Pool::workers`] unless forgotten: for a thread that did
/// not start.
struct Uncount<'a>(&'a AtomicUsize);

impl Drop for Uncount<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl<T: Send + 'static> Control for Arc<Shared<T>> {
    fn identity(&self) -> *const () {
        Arc::as_ptr(self).cast()
    }

    fn worker_removed(&self, thread: Option<thread::ThreadId>) {
        self.workers.fetch_sub(1, Ordering::SeqCst);
        if let Some(thread) = thread {
            match &self.rendezvous {
                Some(rendezvous) => rendezvous.wake_worker(thread),
                None => self.job_waiters.wake_thread(thread),
            }
        }
    }
}

impl Registry {
    /// Forgets workers whose threads have exited.
    fn reap(&mut self) {
        self.records.retain(|record| !record.has_exited());
    }
}
