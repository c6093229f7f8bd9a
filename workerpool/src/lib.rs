//! A worker pool with typed jobs.
//!
//! A [`Pool<T>`] queues values of type `T` for worker threads, each worker an `FnMut(T)`
//! of its own. [`delegate`](Pool::delegate) waits while the queue is full, workers come
//! and go at any time, and [`stop`](Pool::stop) runs the queue before it joins the
//! workers. Queueing a job and running it allocate nothing.
//!
//! # Four workers sending emails
//!
//! ```
//! # #[derive(Debug)] struct Email(u32);
//! # fn send(email: Email) { let _ = email.0; }
//! # fn main() -> Result<(), workerpool::Error> {
//! # let emails = (0..250).map(Email);
//! // A queue of 100 emails, and four workers that send them, one email each at a time.
//! let pool = workerpool::Pool::new(100);
//! for _ in 0..4 {
//!     pool.add_worker(send);
//! }
//!
//! for e in emails {
//!     pool.delegate(e)?; // waits while the queue is full
//! }
//! pool.stop(); // runs the queue, then joins the workers
//! # Ok(())
//! # }
//! ```
//!
//! # A bounded wait, then "busy"
//!
//! ```
//! use std::time::Duration;
//!
//! # struct Email;
//! #[derive(Debug)]
//! struct Busy;
//!
//! fn accept(pool: &workerpool::Pool<Email>, email: Email) -> Result<(), Busy> {
//!     // Wait up to 100 ms for room in the queue, then turn the request away.
//!     pool.delegate_timeout(email, Duration::from_millis(100))
//!         .map_err(|_| Busy)
//! }
//! # let pool = workerpool::Pool::new(1);
//! # assert!(accept(&pool, Email).is_ok());
//! # assert!(accept(&pool, Email).is_err()); // no worker, so the queue stays full
//! ```
//!
//! # A worker per connection
//!
//! ```
//! use std::collections::HashMap;
//! use std::sync::mpsc::{channel, Sender};
//!
//! # struct Email;
//! struct Client { id: u32, outbox: Sender<Email> }
//! impl Client {
//!     fn send(&self, email: Email) { self.outbox.send(email).unwrap(); }
//! }
//! # let (outbox, _sent) = channel();
//! # let clients: Vec<Client> = (0..3).map(|id| Client { id, outbox: outbox.clone() }).collect();
//! # let gone = 1;
//!
//! let pool = workerpool::Pool::new(100);
//!
//! // A worker per connection, each sending through its own client.
//! let mut workers = HashMap::new();
//! for client in clients {
//!     let id = client.id;
//!     workers.insert(id, pool.add_worker(move |email| client.send(email)));
//! }
//!
//! // A client goes away: its worker finishes the email it is sending, then exits.
//! workers.remove(&gone).unwrap().remove();
//! # assert_eq!(pool.workers(), 2);
//! # pool.delegate(Email).unwrap();
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
//!   is its cancel-safe form, and [`wait_idle_async`](Pool::wait_idle_async) awaits idle.
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
mod pool;
mod rendezvous;
mod ring;
mod sync;
mod waiters;
mod worker;

#[cfg(feature = "v2")]
pub mod v2;

pub use async_api::{Delegate, DelegateFrom, WaitIdle};
pub use builder::Builder;
pub use error::{DelegateError, Error};
pub use pool::Pool;
pub use worker::WorkerHandle;
