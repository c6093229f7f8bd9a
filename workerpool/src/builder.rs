//! [`Builder`]: a pool with named threads, a stack size, a panic handler, job timing or
//! job hooks of your choice.

use std::any::Any;
use std::fmt;
use std::marker::PhantomData;

use std::sync::Arc;

use crate::Pool;
use crate::hooks::{EndHook, JobEnd, JobStart, StartHook};

/// What a pool does with the payload of a job that panicked. (std's `Arc`, also under
/// loom: the handler is not part of what the models check.)
pub(crate) type PanicHandler = Arc<dyn Fn(Box<dyn Any + Send>) + Send + Sync>;

/// How a pool starts its worker threads and handles their panics.
pub(crate) struct Config {
    pub(crate) thread_name: String,
    pub(crate) stack_size: Option<usize>,
    pub(crate) panic_handler: Option<PanicHandler>,
    /// Whether workers record each job's times ([`Pool::job_times`]).
    pub(crate) time_jobs: bool,
    pub(crate) on_job_start: Option<StartHook>,
    pub(crate) on_job_end: Option<EndHook>,
}

/// Configures a [`Pool`] before it is built.
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// use std::sync::Arc;
///
/// let failures = Arc::new(AtomicUsize::new(0));
/// let counted = Arc::clone(&failures);
/// let pool = workerpool::Pool::builder(64)
///     .thread_name("resizer")       // threads "resizer-0", "resizer-1", ...
///     .stack_size(256 * 1024)
///     .panic_handler(move |_payload| {
///         counted.fetch_add(1, Ordering::Relaxed);
///     })
///     .build();
///
/// pool.add_worker(|path: String| {
///     assert!(std::thread::current().name().unwrap().starts_with("resizer-"));
///     if path.is_empty() {
///         panic!("no path");
///     }
/// });
/// # let hook = std::panic::take_hook();
/// # std::panic::set_hook(Box::new(|_| {}));
/// pool.delegate(String::new()).unwrap();
/// pool.delegate("cat.png".to_string()).unwrap();
/// pool.stop();
/// # std::panic::set_hook(hook);
/// assert_eq!(failures.load(Ordering::Relaxed), 1);
/// ```
pub struct Builder<T> {
    queue_len: usize,
    config: Config,
    jobs: PhantomData<fn(T)>,
}

impl<T: Send + 'static> Builder<T> {
    /// A builder for a pool whose queue holds `queue_len` jobs; see [`Pool::new`].
    ///
    /// ```
    /// let pool = workerpool::Builder::<u64>::new(16).build();
    /// assert_eq!(pool.capacity(), 16);
    /// ```
    pub fn new(queue_len: usize) -> Self {
        Builder {
            queue_len,
            config: Config {
                thread_name: "workerpool".to_string(),
                stack_size: None,
                panic_handler: None,
                time_jobs: false,
                on_job_start: None,
                on_job_end: None,
            },
            jobs: PhantomData,
        }
    }

    /// Names worker threads `{prefix}-0`, `{prefix}-1`, ... in the order they are added.
    /// The default prefix is `workerpool`. Names show in panic messages and debuggers.
    ///
    /// # Panics
    ///
    /// At once, when `prefix` contains a NUL byte, which no thread name may hold (rather
    /// than at each [`Pool::add_worker`]).
    ///
    /// ```
    /// let pool = workerpool::Pool::builder(4).thread_name("mailer").build();
    /// let (sent, received) = std::sync::mpsc::channel();
    /// pool.add_worker(move |()| {
    ///     sent.send(std::thread::current().name().map(str::to_owned)).unwrap();
    /// });
    /// pool.delegate(()).unwrap();
    /// assert_eq!(received.recv().unwrap().as_deref(), Some("mailer-0"));
    /// ```
    pub fn thread_name(mut self, prefix: impl Into<String>) -> Self {
        let prefix = prefix.into();
        assert!(
            !prefix.contains('\0'),
            "workerpool: the thread name prefix {prefix:?} contains a NUL byte, which a \
             thread name cannot hold; remove it"
        );
        self.config.thread_name = prefix;
        self
    }

    /// The stack size of each worker thread, in bytes; the default is std's (2 MiB,
    /// or `RUST_MIN_STACK`).
    ///
    /// ```
    /// let pool = workerpool::Pool::<u8>::builder(4).stack_size(64 * 1024).build();
    /// # drop(pool);
    /// ```
    pub fn stack_size(mut self, bytes: usize) -> Self {
        self.config.stack_size = Some(bytes);
        self
    }

    /// Called on the worker's thread with the payload of each job that panicked; the
    /// worker then goes on with the next job. A panic inside the handler is reported and
    /// ignored.
    ///
    /// Without a handler the pool only counts panics ([`Pool::panics`]): Rust's panic hook
    /// has already reported each one, as it does for any thread.
    ///
    /// ```
    /// use std::sync::mpsc;
    ///
    /// let (sent, received) = mpsc::channel::<String>();
    /// let sent = std::sync::Mutex::new(sent);
    /// let pool = workerpool::Pool::builder(4)
    ///     .panic_handler(move |payload| {
    ///         let message = payload.downcast_ref::<&str>().copied().unwrap_or("?");
    ///         sent.lock().unwrap().send(message.to_string()).unwrap();
    ///     })
    ///     .build();
    /// pool.add_worker(|n: u32| assert!(n < 10, "too big"));
    /// # let hook = std::panic::take_hook();
    /// # std::panic::set_hook(Box::new(|_| {}));
    /// pool.delegate(11).unwrap();
    /// assert_eq!(received.recv().unwrap(), "too big");
    /// # std::panic::set_hook(hook);
    /// ```
    pub fn panic_handler<H>(mut self, handler: H) -> Self
    where
        H: Fn(Box<dyn Any + Send>) + Send + Sync + 'static,
    {
        self.config.panic_handler = Some(Arc::new(handler));
        self
    }

    /// Records how long each job waited in the queue and how long it ran, for
    /// [`Pool::job_times`] to read as percentiles. Off by default, and then nothing about
    /// a job is timed.
    ///
    /// On, each job costs three reads of the clock (`Instant::now`: about 20 ns each where
    /// the OS reads the clock without a system call, ten times that on some virtual
    /// machines; the book's performance chapter has the figures), each queue slot 8 bytes
    /// more, and each worker 10 KiB for its counts. Each worker records into counts of its own, so workers do
    /// not contend for them; queueing and running a job still allocate nothing.
    ///
    /// ```
    /// let pool = workerpool::Pool::builder(64).time_jobs().build();
    /// pool.add_worker(|n: u32| { std::hint::black_box(n); });
    /// pool.delegate(1).unwrap();
    /// pool.wait_idle();
    /// assert_eq!(pool.job_times().unwrap().run.count(), 1);
    /// ```
    pub fn time_jobs(mut self) -> Self {
        self.config.time_jobs = true;
        self
    }

    /// Runs `hook` on the worker's thread just before each job, with how long the job
    /// waited in the queue: to count jobs into your metrics, or log. A hook that panics is
    /// caught as a panicking job is (counted in [`Pool::panics`], given to the
    /// [panic handler](Self::panic_handler)), and the job runs all the same.
    ///
    /// Keep hooks short: they run on the worker, between jobs. With a hook set, each job's
    /// times are measured as with [`time_jobs`](Self::time_jobs), but not recorded; the job's
    /// run time starts after this hook returns (one more read of the clock per job).
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use std::sync::Arc;
    ///
    /// let started = Arc::new(AtomicU64::new(0));
    /// let counted = Arc::clone(&started);
    /// let pool = workerpool::Pool::builder(8)
    ///     .on_job_start(move |_job| {
    ///         counted.fetch_add(1, Ordering::Relaxed);
    ///     })
    ///     .build();
    /// pool.add_worker(|n: u32| drop(n));
    /// pool.delegate(1).unwrap();
    /// pool.wait_idle();
    /// assert_eq!(started.load(Ordering::Relaxed), 1);
    /// ```
    pub fn on_job_start<H>(mut self, hook: H) -> Self
    where
        H: Fn(&JobStart) + Send + Sync + 'static,
    {
        self.config.on_job_start = Some(Arc::new(hook));
        self
    }

    /// Runs `hook` on the worker's thread just after each job, with how long it waited in
    /// the queue, how long it ran and whether it panicked: to feed a histogram of your
    /// own, or log slow jobs. Caught as [`on_job_start`](Self::on_job_start)'s hook is.
    ///
    /// ```
    /// use std::sync::{mpsc, Mutex};
    /// use std::time::Duration;
    ///
    /// let (sent, received) = mpsc::channel();
    /// let sent = Mutex::new(sent);
    /// let pool = workerpool::Pool::builder(8)
    ///     .on_job_end(move |job| sent.lock().unwrap().send(job.run_time).unwrap())
    ///     .build();
    /// pool.add_worker(|ms: u64| std::thread::sleep(Duration::from_millis(ms)));
    /// pool.delegate(3).unwrap();
    /// assert!(received.recv().unwrap() >= Duration::from_millis(3));
    /// ```
    pub fn on_job_end<H>(mut self, hook: H) -> Self
    where
        H: Fn(&JobEnd) + Send + Sync + 'static,
    {
        self.config.on_job_end = Some(Arc::new(hook));
        self
    }

    /// Builds the pool. It has no workers yet: add them with [`Pool::add_worker`].
    ///
    /// # Panics
    ///
    /// When the queue cannot be allocated, as [`Pool::new`] does.
    ///
    /// ```
    /// let pool: workerpool::Pool<String> = workerpool::Pool::builder(100).build();
    /// assert_eq!(pool.workers(), 0);
    /// ```
    pub fn build(self) -> Pool<T> {
        Pool::with_config(self.queue_len, self.config)
    }
}

impl<T> fmt::Debug for Builder<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Builder")
            .field("queue_len", &self.queue_len)
            .field("thread_name", &self.config.thread_name)
            .field("stack_size", &self.config.stack_size)
            .field("panic_handler", &self.config.panic_handler.is_some())
            .field("time_jobs", &self.config.time_jobs)
            .field("on_job_start", &self.config.on_job_start.is_some())
            .field("on_job_end", &self.config.on_job_end.is_some())
            .finish()
    }
}
