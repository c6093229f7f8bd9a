//! The code samples the pages show: regions of the sample files under `site/samples/`, which the
//! tests compile and run against the workspace's `workerpool`.
//!
//! A region is the lines between `// ANCHOR: name` and `// ANCHOR_END: name` (the markers mdBook
//! uses too). A name may mark several regions in one file; they are shown one after the other.

use anyhow::{Result, bail};

/// One sample file, compiled into this binary so the site shows exactly what the tests ran.
#[derive(Debug, Clone, Copy)]
pub struct SampleFile {
    /// The file's path under `site/samples/`, for messages.
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

macro_rules! sample_file {
    ($name:literal) => {
        SampleFile {
            name: $name,
            text: include_str!(concat!("../samples/", $name)),
        }
    };
}

/// Four workers sending a queue of emails.
pub const SEND_EMAILS: SampleFile = sample_file!("send_emails.rs");
/// A bounded wait for room in the queue, then "busy".
pub const BUSY: SampleFile = sample_file!("busy.rs");
/// A worker per connection, removed when its client goes away.
pub const PER_CONNECTION: SampleFile = sample_file!("per_connection.rs");
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
        }
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
            (SEND_EMAILS, "sample"),
            (BUSY, "sample"),
            (PER_CONNECTION, "sample"),
            (UPGRADE, "v2"),
            (UPGRADE, "v3"),
        ] {
            let code = sample.region(region).unwrap();
            assert!(
                !code.contains("ANCHOR") && !code.starts_with(' '),
                "{}:\n{code}",
                sample.name
            );
        }
    }
}
