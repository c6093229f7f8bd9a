//! The book's durable queue: worker processes lease jobs from a PostgreSQL table, run them on a `workerpool::Pool`, and lose none when killed.
//!
//! The book's chapter "When one machine is not enough" walks through it. The table is the
//! queue (`sql/schema.sql`); a worker process ([`worker::run`]) leases as many jobs as its
//! pool's queue has room for ([`queue::Leaser`]), each pool worker runs them on its own
//! connection ([`job::Runner`]) and acknowledges each one when it has run. A lease not
//! acknowledged in time returns the job to the queue, and the jobs' effect, the sink, is
//! idempotent, so a job run twice after a crash is harmless.

pub mod database;
pub mod error;
pub mod job;
pub mod producer;
pub mod queue;
pub mod scratch;
pub mod status;
pub mod worker;

pub use error::Error;
