//! Why a job was not queued: [`DelegateError<T>`] hands the job back; [`Error`] is the
//! same reason without the job.

use std::fmt;

/// Why [`Pool::delegate`](crate::Pool::delegate) or one of its forms did not queue a job,
/// without the job: what a [`DelegateError<T>`] turns into when `?` passes it up.
///
/// ```
/// fn queue_all(pool: &workerpool::Pool<u32>) -> Result<(), workerpool::Error> {
///     for n in 0..3 {
///         pool.delegate(n)?; // DelegateError<u32> converts into Error
///     }
///     Ok(())
/// }
///
/// let pool = workerpool::Pool::new(8);
/// assert_eq!(queue_all(&pool), Ok(()));
/// pool.stop();
/// assert_eq!(queue_all(&pool), Err(workerpool::Error::Stopped));
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Error {
    /// The pool was stopped: it takes no more jobs.
    Stopped,
    /// The queue stayed full until the timeout or deadline.
    Timeout,
    /// The queue was full and the call does not wait.
    Full,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Error::Stopped => "the pool is stopped and takes no more jobs",
            Error::Timeout => "timed out waiting for room in the queue",
            Error::Full => "the queue is full",
        })
    }
}

impl std::error::Error for Error {}

/// A job the pool did not queue, handed back with the reason.
///
/// The pool never drops a job it refuses: take it back with
/// [`into_job`](Self::into_job), or let `?` turn the error into [`Error`],
/// `Box<dyn std::error::Error + Send + Sync>` or `anyhow::Error`.
///
/// ```
/// use workerpool::{Error, Pool};
///
/// let pool: Pool<String> = Pool::new(1);
/// pool.try_delegate("first".to_string()).unwrap(); // no worker yet: it waits in the queue
///
/// let err = pool.try_delegate("second".to_string()).unwrap_err();
/// assert_eq!(err.kind(), Error::Full);
/// assert_eq!(err.to_string(), "the queue is full");
/// assert_eq!(err.into_job(), "second");
/// ```
pub struct DelegateError<T> {
    kind: Error,
    job: T,
}

// SAFETY: a shared `&DelegateError<T>` gives no access to the job: `Debug` and `Display`
// print only the kind, and the job comes out only by value, through `into_job`. So
// sharing the error between threads never shares the job, and `T: Send` is all that
// moving the job needs. This lets `?` box the error as `dyn Error + Send + Sync` (or
// `anyhow::Error`) for any job type, closures included.
unsafe impl<T: Send> Sync for DelegateError<T> {}

impl<T> DelegateError<T> {
    pub(crate) fn new(kind: Error, job: T) -> Self {
        DelegateError { kind, job }
    }

    /// Why the job was not queued.
    ///
    /// ```
    /// let pool: workerpool::Pool<u8> = workerpool::Pool::new(4);
    /// pool.stop();
    /// assert_eq!(pool.delegate(1).unwrap_err().kind(), workerpool::Error::Stopped);
    /// ```
    pub fn kind(&self) -> Error {
        self.kind
    }

    /// The job, handed back.
    ///
    /// ```
    /// let pool: workerpool::Pool<Vec<u8>> = workerpool::Pool::new(4);
    /// pool.stop();
    /// let job = pool.delegate(vec![1, 2, 3]).unwrap_err().into_job();
    /// assert_eq!(job, [1, 2, 3]);
    /// ```
    pub fn into_job(self) -> T {
        self.job
    }

    /// Whether the pool was stopped.
    ///
    /// ```
    /// let pool: workerpool::Pool<u8> = workerpool::Pool::new(4);
    /// pool.stop();
    /// assert!(pool.try_delegate(1).unwrap_err().is_stopped());
    /// ```
    pub fn is_stopped(&self) -> bool {
        self.kind == Error::Stopped
    }

    /// Whether the queue stayed full until the timeout or deadline.
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// let pool: workerpool::Pool<u8> = workerpool::Pool::new(1);
    /// pool.delegate(1).unwrap(); // no worker: the queue is now full
    /// let err = pool.delegate_timeout(2, Duration::from_millis(1)).unwrap_err();
    /// assert!(err.is_timeout());
    /// ```
    pub fn is_timeout(&self) -> bool {
        self.kind == Error::Timeout
    }

    /// Whether the queue was full, for a call that does not wait.
    ///
    /// ```
    /// let pool: workerpool::Pool<u8> = workerpool::Pool::new(1);
    /// pool.delegate(1).unwrap();
    /// assert!(pool.try_delegate(2).unwrap_err().is_full());
    /// ```
    pub fn is_full(&self) -> bool {
        self.kind == Error::Full
    }
}

/// Prints the kind only, as std's `SendError<T>` does, so it works for every job type.
impl<T> fmt::Debug for DelegateError<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DelegateError")
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl<T> fmt::Display for DelegateError<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.kind, f)
    }
}

impl<T> std::error::Error for DelegateError<T> {}

/// Drops the job and keeps the reason.
impl<T> From<DelegateError<T>> for Error {
    fn from(err: DelegateError<T>) -> Self {
        err.kind
    }
}
