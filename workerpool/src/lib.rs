//! A worker pool with typed jobs.
//!
//! The package is `typed-workerpool` (`cargo add typed-workerpool@3`); the library is
//! `workerpool`, so code says `use workerpool::Pool;`. The crate named `workerpool` on
//! crates.io is an unrelated one. [The book](https://workerpool-rs.github.io/workerpool/book/)
//! is the guide, from a first pool to services and async code.
//!
//! A [`Pool<T>`] queues values of type `T` for worker threads, each worker an `FnMut(T)`
//! of its own. [`delegate`](Pool::delegate) waits while the queue is full, workers come
//! and go at any time, and [`stop`](Pool::stop) runs the queue before it joins the
//! workers. Queueing a job and running it allocate nothing.
//!
//! # Four workers sending emails
//!
//! ```
//! # // These examples are the one copy of the landing page's samples and the README's: the
//! # // site shows the lines between the ANCHOR markers less the hidden (`# `) ones.
//! # use std::sync::Mutex;
//! # struct Email(u32);
//! # static SENT: Mutex<Vec<u32>> = Mutex::new(Vec::new());
//! # fn send(email: Email) { SENT.lock().unwrap().push(email.0); }
//! # fn main() -> Result<(), workerpool::Error> {
//! # let emails = (0..1000).map(Email); // ten times what the queue holds: delegate waits
//! # // ANCHOR: send_emails
//! // A queue of 100 emails, and four workers
//! // that send them, one email each at a time.
//! let pool = workerpool::Pool::new(100);
//! for _ in 0..4 {
//!     pool.add_worker(send); // send: fn(Email)
//! }
//!
//! for email in emails {
//!     pool.delegate(email)?; // waits for room
//! }
//! pool.stop(); // runs the queue, then joins the workers
//! # // ANCHOR_END: send_emails
//! # let mut sent = SENT.lock().unwrap().clone();
//! # sent.sort();
//! # assert_eq!(sent, (0..1000).collect::<Vec<_>>(), "every email sent once, before stop returned");
//! # Ok(())
//! # }
//! ```
//!
//! # A bounded wait, then "busy"
//!
//! ```
//! use std::time::Duration;
//!
//! # #[derive(Debug, PartialEq)]
//! # struct Email(u32);
//! /// No room in time: the request is turned away, its email handed back.
//! #[derive(Debug, PartialEq)]
//! struct Busy(Email);
//!
//! fn accept(pool: &workerpool::Pool<Email>, email: Email) -> Result<(), Busy> {
//!     # // ANCHOR: busy
//!     // Wait up to 100 ms for room in the queue,
//!     // then turn it away, the email handed back.
//!     let wait = Duration::from_millis(100);
//!     pool.delegate_timeout(email, wait)
//!         .map_err(|e| Busy(e.into_job()))
//!     # // ANCHOR_END: busy
//! }
//! # let pool = workerpool::Pool::new(1); // no worker, so the queue stays full once it has one
//! # assert_eq!(accept(&pool, Email(1)), Ok(()));
//! # assert_eq!(accept(&pool, Email(2)), Err(Busy(Email(2))));
//! # assert_eq!(pool.queued(), 1, "the turned-away email was not queued");
//! ```
//!
//! # A worker per connection
//!
//! ```
//! use std::collections::HashMap;
//! # use std::sync::mpsc::{channel, Sender};
//!
//! # struct Email;
//! /// A connection to a mail server; sending takes `&mut self`, as a real one's would.
//! struct Client { id: u32, outbox: Sender<u32> }
//! impl Client {
//!     fn id(&self) -> u32 { self.id }
//!     fn send(&mut self, _: Email) { self.outbox.send(self.id).unwrap(); }
//! }
//! # let (outbox, sent) = channel();
//! # let clients: Vec<Client> = (1..=3).map(|id| Client { id, outbox: outbox.clone() }).collect();
//! # drop(outbox);
//! # let gone = 2;
//! let pool = workerpool::Pool::new(100);
//!
//! # // ANCHOR: per_connection
//! // A worker per connection, each sending
//! // through its own client.
//! let mut workers = HashMap::new();
//! for mut client in clients {
//!     let id = client.id();
//!     let send = move |e| client.send(e);
//!     workers.insert(id, pool.add_worker(send));
//! }
//! # for _ in 0..30 { pool.delegate(Email).unwrap(); }
//! # pool.wait_idle();
//! # assert_eq!(sent.try_iter().count(), 30);
//!
//! // A client goes away: its worker finishes
//! // the email it is sending, then exits.
//! if let Some(worker) = workers.remove(&gone) {
//!     worker.remove();
//! }
//! # // ANCHOR_END: per_connection
//! # assert_eq!(pool.workers(), 2);
//! # for _ in 0..30 { pool.delegate(Email).unwrap(); }
//! # pool.stop();
//! # let senders: Vec<u32> = sent.try_iter().collect();
//! # assert_eq!(senders.len(), 30, "every email was sent");
//! # assert!(senders.iter().all(|&id| id != gone), "client {gone} sent after it went away");
//! ```
//!
//! # What happens when
//!
//! - **The queue is full**: [`delegate`](Pool::delegate) waits for room;
//!   [`delegate_timeout`](Pool::delegate_timeout) and
//!   [`delegate_deadline`](Pool::delegate_deadline) give up at a time you choose, and
//!   [`try_delegate`](Pool::try_delegate) does not wait at all. A job that is not queued
//!   comes back inside the [`DelegateError`], never dropped.
//! - **A job panics**: its worker survives and takes the next job; the panic reaches the
//!   [panic handler](Builder::panic_handler) and is counted in [`Pool::panics`].
//! - **You stop the pool**: new jobs are refused (and handed back), queued jobs run, and
//!   [`stop`](Pool::stop) returns once every worker thread has been joined. Dropping the
//!   pool does the same.
//! - **You want to wait without stopping**: [`wait_idle`](Pool::wait_idle) returns once
//!   the jobs queued so far have run.
//! - **You are in async code**: [`delegate_async`](Pool::delegate_async) waits for room
//!   without blocking a thread, on any executor; [`delegate_async_from`](Pool::delegate_async_from)
//!   is its cancel-safe form, [`wait_idle_async`](Pool::wait_idle_async) awaits idle, and
//!   [`stop_async`](Pool::stop_async) stops the pool without blocking the executor's thread
//!   (`stop`, and dropping the last handle to a pool, block it until the queue has run).
//! - **You want to see inside**: [`stats`](Pool::stats) counts busy workers and jobs run
//!   and panicked, without a lock; [`Builder::time_jobs`] also counts callers waiting for
//!   room, and records each job's time in the queue and at work for
//!   [`job_times`](Pool::job_times) percentiles; [`Builder::on_job_start`] and
//!   [`Builder::on_job_end`] hook every job; with the cargo feature `tracing`, a job runs
//!   inside the span it was delegated in.
//!
//! # Upgrading from 2.x
//!
//! The untyped 2.x API is still here, as `workerpool::v2` behind the cargo feature `v2`,
//! so that a crate can move over one pool at a time. The `migrate` tool rewrites most v2
//! code for you; the book's migration guide lists every change.
#![deny(missing_docs)]
#![warn(rust_2018_idioms, unreachable_pub)]

mod async_api;
mod backoff;
mod builder;
mod error;
mod histogram;
mod hooks;
mod pool;
mod rendezvous;
mod ring;
mod shared_worker;
mod stats;
mod sync;
mod timing;
mod traced;
mod waiters;
mod worker;

#[cfg(feature = "v2")]
pub mod v2;

pub use async_api::{Delegate, DelegateFrom, Stop, WaitIdle};
pub use builder::Builder;
pub use error::{DelegateError, Error};
pub use histogram::Histogram;
pub use hooks::{JobEnd, JobStart};
pub use pool::Pool;
pub use shared_worker::SharedWorker;
pub use stats::Stats;
pub use timing::JobTimes;
pub use worker::WorkerHandle;
