//! Code in doc comments that rustdoc runs as tests: a 2.x library's examples name `workerpool::Pool`, and once
//! Cargo.toml moves to 3 `cargo test` would run them against 3.x. This tool does not analyse them; it moves every
//! `workerpool::` path in them to `workerpool::v2::` (they keep working, with deprecation warnings), and the
//! crate's pools they may reach by name stay on v2 with them.

use std::collections::BTreeSet;

use super::model::{FileId, Loc};
use crate::edit::Edit;

/// A fenced code block in `///` or `//!` comments that rustdoc compiles and names `workerpool`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocTest {
    /// Where its opening fence is.
    pub at: Loc,
    /// Every identifier its code names (the crate's items it may call among them).
    pub idents: BTreeSet<String>,
    /// `v2::` after each `workerpool::` that does not have it.
    pub edits: Vec<Edit>,
}

/// The text of a doc comment line after its `///` or `//!` (and the one space that usually follows), with the
/// offset where that text starts; None for any other line (`////` is a plain comment).
fn doc_line(line: &str, start: usize) -> Option<(&str, usize)> {
    let indent = line.len() - line.trim_start().len();
    let rest = &line[indent..];
    let body = if let Some(b) = rest.strip_prefix("///") {
        if b.starts_with('/') {
            return None;
        }
        b
    } else {
        rest.strip_prefix("//!")?
    };
    let skip = usize::from(body.starts_with(' '));
    Some((&body[skip..], start + (line.len() - body.len()) + skip))
}

/// Whether a fence's info string (` ```rust,no_run `) is a block rustdoc compiles and runs or builds.
fn compiled(info: &str) -> bool {
    info.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .all(|t| {
            matches!(t, "rust" | "no_run" | "should_panic" | "test_harness")
                || t.starts_with("edition")
        })
}

/// The doc tests of one file that name `workerpool`.
pub fn doc_tests(file: FileId, text: &str) -> Vec<DocTest> {
    let mut out = Vec::new();
    let mut open: Option<(DocTest, bool)> = None;
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let offset = start;
        start += line.len();
        let line = line.trim_end_matches(['\n', '\r']);
        let Some((content, at)) = doc_line(line, offset) else {
            // A block ends with its comment.
            open = None;
            continue;
        };
        let fence = content.trim_start();
        if let Some(info) = fence.strip_prefix("```") {
            match open.take() {
                Some((test, true))
                    if !test.edits.is_empty() || test.idents.contains("workerpool") =>
                {
                    out.push(test)
                }
                Some(_) => {}
                None => {
                    let test = DocTest {
                        at: Loc { file, offset: at },
                        idents: BTreeSet::new(),
                        edits: Vec::new(),
                    };
                    open = Some((test, compiled(info)));
                }
            }
            continue;
        }
        if let Some((test, true)) = &mut open {
            scan(content, at, test);
        }
    }
    out
}

/// Records the identifiers of one line of code starting at `at`, and the `v2::` each `workerpool::` path needs.
fn scan(code: &str, at: usize, test: &mut DocTest) {
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'/' && bytes.get(i + 1) == Some(&b'/') {
            return;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let begin = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let ident = &code[begin..i];
            let after_path = begin >= 2 && &code[begin - 2..begin] == "::";
            if ident == "workerpool" && !after_path && code[i..].starts_with("::") {
                let rest = code[i + 2..].trim_start();
                if !rest.starts_with("v2") {
                    test.edits.push(Edit::insert(at + i + 2, "v2::"));
                }
            }
            test.idents.insert(ident.to_string());
            continue;
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> String {
        doc_tests(FileId(0), text)
            .iter()
            .map(|t| {
                let new = crate::edit::apply(text, t.edits.clone()).unwrap();
                let names: Vec<&str> = t.idents.iter().map(String::as_str).collect();
                format!("at {}: {}\n{}", t.at.offset, names.join(" "), new)
            })
            .collect()
    }

    #[test]
    fn the_code_of_compiled_doc_blocks_moves_to_v2() {
        let text = "//! ```\n//! use workerpool::{Pool, Worker};\n//! ```\n/// ```no_run\n/// # use workerpool::v2::Pool;\n/// let p: workerpool::Pool = lib::make(); // workerpool::Pool\n/// ```\n/// ```text\n/// workerpool::Pool\n/// ```\n/// ```ignore\n/// workerpool::Pool::new(1);\n/// ```\n//// ```\nfn f() {}\n";
        expect_test::expect![[r#"
            at 4: Pool Worker use workerpool
            //! ```
            //! use workerpool::v2::{Pool, Worker};
            //! ```
            /// ```no_run
            /// # use workerpool::v2::Pool;
            /// let p: workerpool::Pool = lib::make(); // workerpool::Pool
            /// ```
            /// ```text
            /// workerpool::Pool
            /// ```
            /// ```ignore
            /// workerpool::Pool::new(1);
            /// ```
            //// ```
            fn f() {}
            at 56: Pool let lib make p use v2 workerpool
            //! ```
            //! use workerpool::{Pool, Worker};
            //! ```
            /// ```no_run
            /// # use workerpool::v2::Pool;
            /// let p: workerpool::v2::Pool = lib::make(); // workerpool::Pool
            /// ```
            /// ```text
            /// workerpool::Pool
            /// ```
            /// ```ignore
            /// workerpool::Pool::new(1);
            /// ```
            //// ```
            fn f() {}
        "#]]
        .assert_eq(&found(text));
    }
}
