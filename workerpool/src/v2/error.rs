//! What the v2 calls can fail with.

use std::fmt;

/// What the v2 calls can fail with.
///
/// ```
/// # #![allow(deprecated)]
/// let pool = workerpool::v2::Pool::new(10);
/// let err = pool.delegate(1_u32).unwrap_err();
/// assert!(matches!(err, workerpool::v2::Error::NoWorkers));
/// assert_eq!(err.to_string(), "there are no workers in the pool");
/// ```
#[deprecated(
    since = "3.0.0",
    note = "the untyped 2.x API: 3.x's DelegateError<T> hands the job back and converts into \
            workerpool::Error; see the migration guide (\"Upgrading from v2\")"
)]
#[derive(Debug)]
pub enum Error {
    /// `delegate` was called while the pool had no workers.
    NoWorkers,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoWorkers => f.write_str("there are no workers in the pool"),
        }
    }
}

impl std::error::Error for Error {}
