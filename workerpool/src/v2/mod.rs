//! The untyped API of workerpool 2.x, kept so that a crate can move to 3.x one pool at a
//! time. Behind the cargo feature `v2`; every item is deprecated.
//!
//! A v2 job is any value, boxed as [`Job`]; its type is checked only when a worker runs
//! it. A worker is a [`Worker`] value, added and removed by identity. The `migrate` tool
//! rewrites v2 code into the typed [`crate::Pool<T>`], and the book's migration guide
//! ("Upgrading from v2") lists every call and every change of behaviour.
//!
//! ```
//! # #![allow(deprecated)]
//! use workerpool::v2::{Pool, Worker};
//!
//! let (sent, received) = std::sync::mpsc::channel();
//! let sent = std::sync::Mutex::new(sent);
//! let pool = Pool::new(100);
//! let worker = Worker::new(move |path: String| {
//!     sent.lock().unwrap().send(path.len()).unwrap();
//! });
//! pool.add_worker(&worker)?;
//!
//! pool.delegate("cat.png".to_string())?;
//! assert_eq!(received.recv().unwrap(), 7);
//! pool.remove_worker(&worker)?;
//! # Ok::<(), workerpool::v2::Error>(())
//! ```
#![allow(deprecated)] // the module uses its own deprecated items

mod error;
mod pool;
mod worker;

pub use error::Error;
pub use pool::Pool;
pub use worker::Worker;

/// A job as the pool carries it: any value; its type is checked when a worker runs it.
#[deprecated(
    since = "3.0.0",
    note = "the untyped 2.x API: a job is now a value of the pool's type T; see the \
            migration guide (\"Upgrading from v2\") or run the `migrate` tool"
)]
pub type Job = Box<dyn std::any::Any + Send>;
