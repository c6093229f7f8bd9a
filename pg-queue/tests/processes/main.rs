//! The example's promises, against a real PostgreSQL server and real worker processes.
//!
//! Each test makes its own database on the server `PG_TEST_URL` names and drops it; without
//! one it says it was skipped and why, and under `CI=true` it fails instead.

mod bad_input;
mod bounded;
mod kill;
mod sigterm;
mod support;
