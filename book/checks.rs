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

/// The fenced code blocks of `text`, in order: each one's language (the first word of its
/// info string) and its text.
pub(crate) fn parse_chapter(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, String)> = None;
    for (event, _) in parse(text) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                let language = info.split(',').next().unwrap_or_default().trim().to_owned();
                open = Some((language, String::new()));
            }
            Event::Text(t) => {
                if let Some((_, body)) = open.as_mut() {
                    body.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => blocks.extend(open.take()),
            _ => {}
        }
    }
    blocks
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

/// The names a `use` line brings in: the last segment of each path, or its `as` alias.
fn imported_names(use_line: &str) -> Vec<String> {
    let body = use_line
        .trim()
        .trim_start_matches("pub ")
        .trim_start_matches("use ")
        .trim_end_matches(';');
    let (prefix, list) = match body.split_once('{') {
        Some((prefix, list)) => (prefix, list.trim_end_matches('}')),
        None => ("", body),
    };
    list.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty() && *item != "*")
        .map(|item| {
            let name = match item.split_once(" as ") {
                Some((_, alias)) => alias,
                None => item.rsplit("::").next().unwrap_or(item),
            };
            if name == "self" {
                prefix
                    .trim_end_matches("::")
                    .rsplit("::")
                    .next()
                    .unwrap_or(name)
            } else {
                name
            }
            .trim()
            .to_owned()
        })
        .collect()
}

/// Whether `name` appears in `code` as a whole word.
fn uses_word(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(at, _)| {
        let word = |c: char| c.is_alphanumeric() || c == '_';
        let before = code[..at].chars().next_back();
        let after = code[at + name.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

#[test]
fn no_sample_hides_an_import_its_visible_lines_use() {
    let mut problems = Vec::new();
    for chapter in chapters() {
        for (language, body) in parse_chapter(&chapter.text) {
            if language != "rust" {
                continue;
            }
            let (hidden, shown): (Vec<&str>, Vec<&str>) = body
                .lines()
                .partition(|line| line.trim_start().starts_with("# ") || line.trim() == "#");
            let shown = shown.join("\n");
            for line in hidden {
                let line = line.trim_start().trim_start_matches('#').trim();
                if !(line.starts_with("use ") || line.starts_with("pub use ")) {
                    continue;
                }
                for name in imported_names(line) {
                    if uses_word(&shown, &name) {
                        problems.push(format!(
                            "{}: `{line}` is hidden, but the sample shows `{name}`: show the \
                             import, so that a reader who copies the sample has it",
                            chapter.path
                        ));
                    }
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "samples to fix:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_import_check_reads_use_lines_as_rustc_does() {
    assert_eq!(
        imported_names("use std::sync::{self, mpsc::Sender, Arc as Shared};"),
        ["sync", "Sender", "Shared"]
    );
    assert_eq!(imported_names("use workerpool::Pool;"), ["Pool"]);
    assert!(uses_word("let p = Pool::new(1);", "Pool"));
    assert!(!uses_word("let p = PoolBuilder;", "Pool"));
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

/// The `features = [...]` of the first line of `text` that starts with `tokio = `.
fn tokio_features(text: &str) -> BTreeSet<String> {
    let line = text
        .lines()
        .find(|line| line.trim_start().starts_with("tokio = "))
        .expect("a tokio requirement");
    let list = line
        .split_once("features = [")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(list, _)| list)
        .expect("the tokio requirement lists its features");
    list.split(',')
        .map(|feature| feature.trim().trim_matches('"').to_owned())
        .filter(|feature| !feature.is_empty())
        .collect()
}

#[test]
fn the_async_chapter_names_the_tokio_features_its_samples_are_built_with() {
    // The samples compile with the book's own requirement and nothing more (no other
    // dependency of the book turns on a tokio feature), so the line a reader copies suffices.
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
            .expect("the book's Cargo.toml is readable");
    let chapter = std::fs::read_to_string(src_dir().join("guide/async.md"))
        .expect("the async chapter is readable");
    let shown = parse_chapter(&chapter)
        .into_iter()
        .find(|(language, body)| language == "toml" && body.contains("tokio = "))
        .map(|(_, body)| tokio_features(&body))
        .expect("the async chapter shows its tokio requirement");
    assert_eq!(shown, tokio_features(&manifest));
}

#[test]
fn the_introduction_lists_every_chapter_of_the_guide() {
    let summary =
        std::fs::read_to_string(src_dir().join("SUMMARY.md")).expect("src/SUMMARY.md is readable");
    let introduction = std::fs::read_to_string(src_dir().join("introduction.md"))
        .expect("the introduction is readable");
    let linked: BTreeSet<String> = links(&introduction)
        .into_iter()
        .map(|(target, _)| target.split('#').next().unwrap_or_default().to_owned())
        .collect();
    let missing: Vec<String> = links(&summary)
        .into_iter()
        .map(|(target, _)| target)
        .filter(|target| target.starts_with("guide/") && !linked.contains(target))
        .collect();
    assert!(
        missing.is_empty(),
        "the introduction's \"In this book\" leaves out {missing:?}"
    );
}
