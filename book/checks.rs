//! Checks that keep the summary, the chapters and their doc-tests in step.

mod compile_errors;
mod rustdoc;
mod sources;

use super::CHAPTERS;
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
use std::collections::{BTreeSet, HashSet};
use std::ops::Range;
use std::path::{Component, Path, PathBuf};

/// The page `cargo run -p bench-report` generates: not written by hand, and not a doc-test.
const GENERATED: &str = "performance.md";

/// Languages of code blocks that are not Rust: rustdoc does not run them, mdBook shows them whole.
const NOT_RUST: &[&str] = &["console", "diff", "sql", "text", "toml"];

/// A chapter: its path relative to `src/`, and its text.
struct Chapter {
    path: String,
    text: String,
}

impl Chapter {
    /// Where `range` starts, as `path:line` for messages.
    fn at(&self, range: &Range<usize>) -> String {
        let line = self.text[..range.start].lines().count() + 1;
        format!("{}:{line}", self.path)
    }
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn chapters() -> Vec<Chapter> {
    CHAPTERS
        .iter()
        .map(|included| {
            let path = included
                .strip_prefix("src/")
                .expect("chapters live under src/");
            let text = std::fs::read_to_string(src_dir().join(path))
                .unwrap_or_else(|e| panic!("cannot read chapter {path}: {e}"));
            Chapter {
                path: path.to_owned(),
                text,
            }
        })
        .collect()
}

/// Parses Markdown with the extensions mdBook 0.5 turns on by default.
fn parse(text: &str) -> impl Iterator<Item = (Event<'_>, Range<usize>)> {
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_SMART_PUNCTUATION
        | Options::ENABLE_DEFINITION_LIST;
    Parser::new_ext(text, options).into_offset_iter()
}

/// The targets of the links in `text`, with where each one is.
fn links(text: &str) -> Vec<(String, Range<usize>)> {
    parse(text)
        .filter_map(|(event, range)| match event {
            Event::Start(Tag::Link { dest_url, .. }) => Some((dest_url.into_string(), range)),
            _ => None,
        })
        .collect()
}

/// The ids mdBook gives the headings of `text`, as its HTML renderer makes them: from the
/// heading's text, with `-1`, `-2`, ... added to repeats.
fn heading_ids(text: &str) -> HashSet<String> {
    let mut ids = HashSet::new();
    let mut heading: Option<String> = None;
    for (event, _) in parse(text) {
        match event {
            Event::Start(Tag::Heading { id: Some(id), .. }) => {
                ids.insert(id.into_string());
            }
            Event::Start(Tag::Heading { id: None, .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(heading) = heading.as_mut() {
                    heading.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(heading) = heading.take() {
                    let id = id_from_text(&heading);
                    let unique = (0..)
                        .map(|n| match n {
                            0 => id.clone(),
                            n => format!("{id}-{n}"),
                        })
                        .find(|candidate| !ids.contains(candidate))
                        .expect("some suffix is free");
                    ids.insert(unique);
                }
            }
            _ => {}
        }
    }
    ids
}

/// A heading's id: its text in lower case, spaces as `-`, punctuation left out.
fn id_from_text(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            c if c.is_alphanumeric() || c == '_' || c == '-' => Some(c),
            c if c.is_whitespace() => Some('-'),
            _ => None,
        })
        .collect()
}

/// `base/relative` with `.` and `..` resolved, as a path relative to `src/`.
fn resolve(base: &Path, relative: &str) -> String {
    let parts: Vec<String> = path_clean::clean(base.join(relative))
        .components()
        .filter_map(|component| match component {
            Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    parts.join("/")
}

#[test]
fn the_summary_lists_exactly_the_chapters_whose_samples_are_tested() {
    let summary =
        std::fs::read_to_string(src_dir().join("SUMMARY.md")).expect("src/SUMMARY.md is readable");
    let listed: BTreeSet<String> = links(&summary)
        .into_iter()
        .map(|(target, _)| target)
        .filter(|target| target != GENERATED)
        .collect();
    let included: BTreeSet<String> = chapters().into_iter().map(|c| c.path).collect();
    assert_eq!(
        listed, included,
        "SUMMARY.md and the `chapters!` list in lib.rs must name the same chapters, \
         or a chapter's samples go untested"
    );
}

#[test]
fn every_code_block_is_a_sample_that_runs_or_plainly_not_rust() {
    let mut problems = Vec::new();
    for chapter in chapters() {
        for (event, range) in parse(&chapter.text) {
            let Event::Start(Tag::CodeBlock(kind)) = event else {
                continue;
            };
            let at = chapter.at(&range);
            let info = match kind {
                CodeBlockKind::Indented => {
                    problems.push(format!(
                        "{at}: an indented code block; rustdoc runs it as Rust but mdBook does not hide \
                         its `# ` lines: fence it and name its language"
                    ));
                    continue;
                }
                CodeBlockKind::Fenced(info) => info,
            };
            let mut words = info.split(',').map(str::trim);
            let language = words.next().unwrap_or_default();
            let attributes: Vec<&str> = words.collect();
            if language == "rust" {
                // A compiler error the book shows; `compile_errors` checks it is that error.
                let shows_an_error = matches!(attributes[..], ["compile_fail", _]);
                if !attributes.is_empty() && !shows_an_error {
                    problems.push(format!(
                        "{at}: `rust,{}`; every Rust sample must compile and run as it is, \
                         or be `rust,compile_fail,E....` for a compiler error the book shows",
                        attributes.join(",")
                    ));
                }
                if chapter.text[range].contains("sleep(") {
                    problems.push(format!("{at}: a sample must not rely on sleeping"));
                }
            } else if !NOT_RUST.contains(&language) {
                problems.push(format!(
                    "{at}: a code block in `{info}`; name it `rust` (a tested sample) or one of {NOT_RUST:?}"
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "code blocks to fix:\n{}",
        problems.join("\n")
    );
}

#[test]
fn links_between_chapters_reach_a_chapter_and_a_heading() {
    let chapters = chapters();
    let mut problems = Vec::new();
    for chapter in &chapters {
        let dir = Path::new(&chapter.path).parent().unwrap_or(Path::new(""));
        for (target, range) in links(&chapter.text) {
            if target.contains("://")
                || target.starts_with("mailto:")
                || rustdoc::is_api_link(&chapter.path, &target)
            {
                continue; // the web, or the API docs: `rustdoc` checks those
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = if file.is_empty() {
                chapter.path.clone()
            } else {
                resolve(dir, file)
            };
            if file == GENERATED {
                continue; // generated by bench-report; mdBook fails the build if it is missing
            }
            let Some(linked) = chapters.iter().find(|c| c.path == file) else {
                problems.push(format!(
                    "{}: `{target}` is not a chapter of the book",
                    chapter.at(&range)
                ));
                continue;
            };
            if !anchor.is_empty() && !heading_ids(&linked.text).contains(anchor) {
                problems.push(format!(
                    "{}: `{target}`: {file} has no heading `#{anchor}`",
                    chapter.at(&range)
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "links to fix:\n{}",
        problems.join("\n")
    );
}

#[test]
fn every_chapter_is_one_click_from_the_summary() {
    // mdBook's sidebar shows every entry of SUMMARY.md unless folding is turned on.
    let book_toml =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("book.toml"))
            .expect("book.toml is readable");
    assert!(
        !book_toml.contains("[output.html.fold]"),
        "folding hides chapters in the sidebar: every chapter must be one click away"
    );
    let summary =
        std::fs::read_to_string(src_dir().join("SUMMARY.md")).expect("src/SUMMARY.md is readable");
    for chapter in chapters() {
        let entry = format!("]({})", chapter.path);
        assert!(
            summary.contains(&entry),
            "{} is not an entry of SUMMARY.md: a reader cannot find it from the sidebar",
            chapter.path
        );
    }
}

#[test]
fn heading_ids_follow_mdbook() {
    let ids = heading_ids(
        "# Errors and `?`\n## What runs\n## What runs\n## A queue of zero: handing over\n",
    );
    let expected = [
        "errors-and-",
        "what-runs",
        "what-runs-1",
        "a-queue-of-zero-handing-over",
    ];
    assert_eq!(ids, expected.iter().map(|s| s.to_string()).collect());
}
