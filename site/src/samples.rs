//! The code samples the pages show: regions of the crate docs' examples (`workerpool/src/lib.rs`,
//! run as its doc-tests) and of the sample files under `site/samples/` (compiled and run by this
//! crate's tests). Each sample has that one copy.
//!
//! A region is the lines between `// ANCHOR: name` and `// ANCHOR_END: name` (the markers mdBook
//! uses too). A name may mark several regions in one file; they are shown one after the other.
//! In the crate docs the markers are hidden lines (`# // ANCHOR: name`), and so are the lines
//! rustdoc hides (`# `), which the pages leave out as rustdoc does.

use anyhow::{Result, bail};

/// One sample file, compiled into this binary so the site shows exactly what the tests ran.
#[derive(Debug, Clone, Copy)]
pub struct SampleFile {
    /// The file's path under `site/samples/`, for messages.
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
    /// Whether the code is in `//!` doc comments, rustdoc's hidden lines among it.
    pub crate_docs: bool,
}

macro_rules! sample_file {
    ($name:literal) => {
        SampleFile {
            name: $name,
            text: include_str!(concat!("../samples/", $name)),
            crate_docs: false,
        }
    };
}

/// The crate docs, whose examples are the landing page's first samples (regions `send_emails`,
/// `busy`, `per_connection`) and the README's (`send_emails`).
pub const CRATE_DOCS: SampleFile = SampleFile {
    name: "workerpool/src/lib.rs",
    text: include_str!("../../workerpool/src/lib.rs"),
    crate_docs: true,
};
/// The same work against v2 and v3.
pub const UPGRADE: SampleFile = sample_file!("upgrade.rs");

impl SampleFile {
    /// The code marked `name`, its indentation removed.
    pub fn region(&self, name: &str) -> Result<String> {
        let start = format!("// ANCHOR: {name}");
        let end = format!("// ANCHOR_END: {name}");
        let mut blocks: Vec<Vec<&str>> = Vec::new();
        let mut open: Option<Vec<&str>> = None;
        for (number, line) in self.text.lines().enumerate() {
            let Some(line) = self.code_line(line) else {
                continue;
            };
            let marker = line.trim();
            match open.as_mut() {
                None if marker == start => open = Some(Vec::new()),
                None if marker == end => {
                    bail!(
                        "{}:{}: `{end}` without a `{start}` before it",
                        self.name,
                        number + 1
                    )
                }
                Some(_) if marker == end => blocks.extend(open.take()),
                Some(_) if marker == start => {
                    bail!(
                        "{}:{}: `{start}` inside a region already open",
                        self.name,
                        number + 1
                    )
                }
                Some(lines) if !marker.starts_with("// ANCHOR") => lines.push(line),
                _ => {}
            }
        }
        if open.is_some() {
            bail!("{}: `{start}` has no `{end}` after it", self.name);
        }
        if blocks.is_empty() {
            bail!(
                "{}: no region `{name}` (mark one with `{start}` and `{end}`)",
                self.name
            );
        }
        let code: Vec<String> = blocks.iter().map(|block| dedent(block)).collect();
        Ok(code.join("\n"))
    }

    /// `line` as code: in the crate docs, less its `//!`, and `None` for the prose around the
    /// examples and for hidden lines (their markers kept, shown as plain markers).
    fn code_line<'a>(&self, line: &'a str) -> Option<&'a str> {
        if !self.crate_docs {
            return Some(line);
        }
        let doc = line.trim_start().strip_prefix("//!")?;
        let doc = doc.strip_prefix(' ').unwrap_or(doc);
        let trimmed = doc.trim_start();
        match trimmed.strip_prefix("# ") {
            Some(hidden) if hidden.starts_with("// ANCHOR") => Some(hidden),
            Some(_) => None,
            None if trimmed == "#" => None,
            None => Some(doc),
        }
    }
}

/// Joins `lines`, less the indentation they all share; blank lines do not count.
fn dedent(lines: &[&str]) -> String {
    let indent = lines
        .iter()
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.len() - line.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut text = String::new();
    for line in lines {
        text.push_str(line.get(indent..).unwrap_or("").trim_end());
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &'static str) -> SampleFile {
        SampleFile {
            name: "test.rs",
            text,
            crate_docs: false,
        }
    }

    #[test]
    fn in_crate_docs_hidden_lines_and_prose_are_left_out() {
        let docs = SampleFile {
            name: "lib.rs",
            text: "//! Prose.\n//! ```\n//! # let hidden = 1;\n//! # // ANCHOR: a\n//! fn f() {\n//!     # g();\n//!     h();\n//! #\n//! }\n//!     # // ANCHOR_END: a\n//! ```\nmod m;\n",
            crate_docs: true,
        };
        assert_eq!(docs.region("a").unwrap(), "fn f() {\n    h();\n}\n");
    }

    #[test]
    fn a_region_is_its_lines_less_their_shared_indentation() {
        let sample = file(
            "fn f() {\n    // ANCHOR: a\n    let x = 1;\n        x + 1;\n    // ANCHOR_END: a\n}\n",
        );
        assert_eq!(sample.region("a").unwrap(), "let x = 1;\n    x + 1;\n");
    }

    #[test]
    fn regions_of_one_name_are_joined_in_order() {
        let sample = file(
            "// ANCHOR: a\none\n// ANCHOR_END: a\nhidden\n// ANCHOR: a\ntwo\n// ANCHOR_END: a\n",
        );
        assert_eq!(sample.region("a").unwrap(), "one\n\ntwo\n");
    }

    #[test]
    fn markers_of_other_regions_are_left_out() {
        let sample =
            file("// ANCHOR: a\none\n// ANCHOR: b\ntwo\n// ANCHOR_END: b\n// ANCHOR_END: a\n");
        assert_eq!(sample.region("a").unwrap(), "one\ntwo\n");
    }

    #[test]
    fn a_missing_or_unclosed_region_is_an_error_naming_the_file() {
        let missing = file("fn main() {}\n").region("a").unwrap_err().to_string();
        assert!(
            missing.contains("test.rs") && missing.contains("no region `a`"),
            "{missing}"
        );
        let unclosed = file("// ANCHOR: a\nx\n")
            .region("a")
            .unwrap_err()
            .to_string();
        assert!(unclosed.contains("has no `// ANCHOR_END: a`"), "{unclosed}");
    }

    #[test]
    fn every_sample_the_pages_show_exists() {
        for (sample, region) in [
            (CRATE_DOCS, "send_emails"),
            (CRATE_DOCS, "busy"),
            (CRATE_DOCS, "per_connection"),
            (UPGRADE, "v2"),
            (UPGRADE, "v3"),
        ] {
            let code = sample.region(region).unwrap();
            assert!(
                !code.contains("ANCHOR") && !code.starts_with(' ') && !code.contains("# "),
                "{}:\n{code}",
                sample.name
            );
        }
    }
}
