//! [`Builder`]: a pool with named threads, a stack size or a panic handler of your choice.

use std::any::Any;
use std::fmt;
use std::marker::PhantomData;

use std::sync::Arc;

use crate::Pool;

/// What a pool does with the payload of a job that panicked. (std's `Arc`, also under
/// loom: the handler is not part of what the models check.)
pub(crate) type PanicHandler = Arc<dyn Fn(Box<dyn Any + Send>) + Send + Sync>;

/// How a pool starts its worker threads and handles their panics.
pub(crate) struct Config {
    pub(crate) thread_name: String,
    pub(crate) stack_size: Option<usize>,
    pub(crate) panic_handler: Option<PanicHandler>,
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
            .finish()
    }
}
