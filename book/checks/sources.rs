//! Links to the repository's files name files that exist, and tests that exist in them.
//!
//! Where the book says a behaviour holds, it links the test that shows it, as
//! ``[`test_name`](https://github.com/workerpool-rs/workerpool/blob/main/workerpool/tests/stop.rs)``:
//! the file must be in this workspace, and a name in backticks must be a `fn` in that file.

use super::{chapters, links};
use std::path::Path;

/// The repository's files as the book links them (`git-repository-url` in book.toml).
pub(super) const REPOSITORY_FILES: &str = "https://github.com/workerpool-rs/workerpool/blob/main/";

/// The link's text when it is one piece of inline code, as ``[`name`](...)``.
fn code_text(link_markdown: &str) -> Option<&str> {
    let text = link_markdown.strip_prefix("[`")?;
    let end = text.find("`](")?;
    Some(&text[..end])
}

/// Whether `source` defines a function called `name`.
fn defines_fn(source: &str, name: &str) -> bool {
    source.contains(&format!("fn {name}("))
}

#[test]
fn links_to_tests_name_files_and_tests_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let book_toml =
        std::fs::read_to_string(root.join("book/book.toml")).expect("book.toml is readable");
    assert!(
        book_toml.contains(&format!(
            "git-repository-url = \"{}\"",
            REPOSITORY_FILES.trim_end_matches("/blob/main/")
        )),
        "REPOSITORY_FILES must be the repository book.toml names"
    );
    let mut problems = Vec::new();
    let mut checked = 0;
    for chapter in chapters() {
        for (target, range) in links(&chapter.text) {
            let Some(file) = target.strip_prefix(REPOSITORY_FILES) else {
                continue;
            };
            checked += 1;
            let at = chapter.at(&range);
            let file = file.split_once('#').map_or(file, |(file, _)| file);
            let Ok(source) = std::fs::read_to_string(root.join(file)) else {
                problems.push(format!("{at}: `{file}` is not a file of this repository"));
                continue;
            };
            if let Some(name) = code_text(&chapter.text[range.clone()])
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !defines_fn(&source, name)
            {
                problems.push(format!("{at}: `{file}` has no test `{name}`"));
            }
        }
    }
    assert!(
        checked > 0,
        "the chapters link tests, and this test must see them"
    );
    assert!(
        problems.is_empty(),
        "links to tests to fix:\n{}",
        problems.join("\n")
    );
}

#[test]
fn a_link_names_its_test_in_backticks() {
    let markdown = "[`stop_is_idempotent`](https://example.org/stop.rs) and more";
    assert_eq!(code_text(markdown), Some("stop_is_idempotent"));
    assert_eq!(code_text("[the tests](https://example.org/stop.rs)"), None);
    assert!(defines_fn("#[test]\nfn stops_once() {}", "stops_once"));
    assert!(!defines_fn("fn stops_once_more() {}", "stops_once"));
}
