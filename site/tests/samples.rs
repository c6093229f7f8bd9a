//! The samples the pages show have one copy each: the landing page's first three and the
//! README's are the crate docs' examples (run as `workerpool`'s doc-tests, their checks in
//! hidden lines); the v2-against-v3 sample is `samples/upgrade.rs`, compiled and run here.

mod common;

#[path = "../samples/upgrade.rs"]
mod upgrade;

use site::samples::CRATE_DOCS;
use std::path::PathBuf;

#[test]
fn v2_and_v3_samples_both_run_and_end_with_no_worker() {
    assert_eq!(upgrade::with_v2(PathBuf::from("a.png")).unwrap(), 0);
    assert_eq!(upgrade::with_v3(PathBuf::from("b.png")).unwrap(), 0);
}

/// The code of the first ```rust block of `markdown`.
fn first_rust_block(markdown: &str) -> Option<String> {
    let mut lines = markdown.lines().skip_while(|line| line.trim() != "```rust");
    lines.next()?;
    let code: Vec<&str> = lines.take_while(|line| line.trim() != "```").collect();
    Some(code.iter().map(|line| format!("{line}\n")).collect())
}

#[test]
fn the_readme_shows_the_crate_docs_first_example_as_it_is() {
    let readme = std::fs::read_to_string(common::workspace_root().join("README.md")).unwrap();
    let shown = first_rust_block(&readme).expect("the README has a ```rust block");
    let example = CRATE_DOCS.region("send_emails").unwrap();
    assert_eq!(
        shown, example,
        "README.md's sample differs from the example `send_emails` in workerpool/src/lib.rs, \
         its one copy: paste the example's shown lines into the README"
    );
}
