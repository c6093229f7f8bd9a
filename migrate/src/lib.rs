//! `migrate`: rewrites code written against workerpool 2.x's untyped API into the typed `Pool<T>` API of 3.x.
//!
//! The tool parses each file with `syn`, follows every pool through the crate, and splices edits into the original
//! text by byte ranges, so every byte outside a rewritten site stays as it was. A pool it cannot migrate with
//! certainty stays on `workerpool::v2` and is reported with the reason.

pub mod analysis;
pub mod cargo_check;
pub mod cli;
pub mod compiler;
pub mod crate_migration;
pub mod diff;
pub mod discover;
pub mod edit;
pub mod git;
pub mod interrupt;
pub mod manifest;
pub mod report;
pub mod run;
pub mod source;
pub mod verify;
pub mod write;
