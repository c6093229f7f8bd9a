//! Globs the root, and names `Worker` through an import of its own.
use crate::*;
use workerpool::Worker;

pub fn idle() -> Option<Worker> {
    let _ = run;
    None
}
