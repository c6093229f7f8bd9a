//! The harness every benchmark binary shares: the pools compared, the measured routines, and the
//! allocation counting that bench-report reads beside criterion's results.

// Each benchmark binary uses only part of the shared harness.
#![allow(dead_code)]

pub mod counting;
pub mod gated;
pub mod jobs;
pub mod latency;
pub mod measure;
pub mod pools;
pub mod record;
pub mod thread_per_job;
pub mod threads;
