//! The workerpool book, built as a crate so that every Rust sample in it runs as a doc-test.
//!
//! Each chapter under `src/` is the documentation of a private module here, so
//! `cargo test -p workerpool-book` compiles and runs its code blocks against the `workerpool`
//! of this workspace (with the `v2` feature, for the migration guide's old-API samples).
//! The tests in `checks.rs` keep the list below, `src/SUMMARY.md` and the chapters' code
//! blocks in step, so that no sample escapes the doc-tests; those in `checks/` compile each
//! `compile_fail` sample to see that it fails with the error the book shows, and check that
//! every link into the API docs names an item that exists and every link to a test names a
//! test that exists. Those in `migrate_example.rs`
//! run the migration guide's example through the real `migrate` tool, so that the guide shows
//! what the tool prints, and run the example's v2 programs against `workerpool::v2`. The one in
//! `getting_started_followed.rs` follows Getting started in a fresh crate, its install line included.
//!
//! The book itself is built with mdBook from `book.toml`.

// A reader copies samples: each must compile without a warning. Fragments may define items
// they do not use.
#![doc(test(attr(deny(warnings), allow(dead_code))))]

/// Includes each chapter as the docs of a module, and lists the chapters for the checks.
macro_rules! chapters {
    ($($module:ident => $path:literal,)*) => {
        $(
            #[doc = include_str!($path)]
            mod $module {}
        )*

        /// Every chapter included above, as a path relative to this folder.
        #[cfg(test)]
        const CHAPTERS: &[&str] = &[$($path),*];
    };
}

chapters! {
    introduction => "src/introduction.md",
    getting_started => "src/getting-started.md",
    queue => "src/guide/queue.md",
    workers => "src/guide/workers.md",
    failing_jobs => "src/guide/failing-jobs.md",
    sharing => "src/guide/sharing.md",
    stopping => "src/guide/stopping.md",
    errors => "src/guide/errors.md",
    services => "src/guide/services.md",
    async_code => "src/guide/async.md",
    sizing => "src/guide/sizing.md",
    watching => "src/guide/watching.md",
    patterns => "src/guide/patterns.md",
    beyond => "src/guide/beyond.md",
    api => "src/api.md",
    troubleshooting => "src/troubleshooting.md",
    upgrading => "src/upgrading.md",
    methodology => "src/methodology.md",
}

#[cfg(test)]
mod checks;
#[cfg(test)]
mod getting_started_followed;
#[cfg(test)]
mod migrate_example;
