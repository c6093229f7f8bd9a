//! Edits located by byte ranges, and splicing them into a text so that every other byte stays as it was.

use std::ops::Range;

/// Replace `range` of the original text with `text` (an insertion when the range is empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// Bytes of the original text that are replaced.
    pub range: Range<usize>,
    /// What goes in their place.
    pub text: String,
}

impl Edit {
    /// Replaces `range` with `text`.
    pub fn replace(range: Range<usize>, text: impl Into<String>) -> Edit {
        Edit {
            range,
            text: text.into(),
        }
    }

    /// Inserts `text` at `at`.
    pub fn insert(at: usize, text: impl Into<String>) -> Edit {
        Edit::replace(at..at, text)
    }

    /// Deletes `range`.
    pub fn delete(range: Range<usize>) -> Edit {
        Edit::replace(range, "")
    }
}

/// Two edits that touch the same bytes: the file cannot be rewritten safely.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overlap {
    /// Byte offset where the clash is.
    pub at: usize,
}

/// Applies `edits` to `original`. Edits may come in any order; insertions at the same offset keep their order.
/// Identical duplicate edits are applied once. Overlapping replacements are refused. Every comment in a replaced
/// range is kept (see [`kept_comments`]), whatever the edit's new text.
pub fn apply(original: &str, mut edits: Vec<Edit>) -> Result<String, Overlap> {
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    edits.dedup();
    let mut out = String::with_capacity(original.len() + 64);
    let mut pos = 0;
    for edit in &edits {
        if edit.range.start < pos || edit.range.end > original.len() {
            return Err(Overlap {
                at: edit.range.start,
            });
        }
        out.push_str(&original[pos..edit.range.start]);
        out.push_str(&edit.text);
        // No comment is lost: those in a replaced range that the new text does not carry stay where it was.
        let lost: Vec<Range<usize>> = comments(original, edit.range.clone())
            .into_iter()
            .filter(|c| !edit.text.contains(&original[c.clone()]))
            .collect();
        if !lost.is_empty() {
            let kept = keep(original, edit.range.clone(), &lost);
            let mut kept = kept.as_str();
            if kept.starts_with(['\r', '\n']) {
                // The comment starts a line: no trailing spaces before that line break.
                out.truncate(out.trim_end_matches([' ', '\t']).len());
            } else if out.is_empty() || out.ends_with('\n') {
                // What stood before the comment on its line is gone: the comment starts the line.
                kept = kept.trim_start_matches(' ');
            }
            out.push_str(kept);
        }
        pos = edit.range.end;
    }
    out.push_str(&original[pos..]);
    Ok(out)
}

/// The byte ranges of the comments (`// ..` and `/* .. */`, nested ones included) in `text[range]`. String, char and
/// raw string literals are skipped, so a `//` inside a literal is not a comment.
pub fn comments(text: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let end = range.end.min(bytes.len());
    let mut out = Vec::new();
    let mut i = range.start;
    while i < end {
        match (bytes[i], bytes.get(i + 1).copied()) {
            (b'/', Some(b'/')) => {
                let stop = text[i..end].find('\n').map_or(end, |n| i + n);
                // A `\r` before the newline belongs to the line ending, not to the comment.
                let stop = if stop > i && bytes[stop - 1] == b'\r' {
                    stop - 1
                } else {
                    stop
                };
                out.push(i..stop);
                i = stop;
            }
            (b'/', Some(b'*')) => {
                let start = i;
                let mut depth = 0usize;
                while i < end {
                    if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'*') {
                        depth += 1;
                        i += 2;
                    } else if bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                out.push(start..i.min(end));
            }
            (b'"', _) => i = skip_string(bytes, i + 1, end, 0),
            (b'r', Some(b'"' | b'#'))
                if i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') =>
            {
                let hashes = bytes[i + 1..end].iter().take_while(|&&b| b == b'#').count();
                if bytes.get(i + 1 + hashes) == Some(&b'"') {
                    i = skip_string(bytes, i + 2 + hashes, end, hashes);
                } else {
                    i += 1;
                }
            }
            // A char literal (`'"'`, `'\''`); a lifetime (`'a`) has no closing quote right after.
            (b'\'', _) => {
                if bytes.get(i + 1) == Some(&b'\\') {
                    i += 2;
                    while i < end && bytes[i] != b'\'' {
                        i += 1;
                    }
                    i += 1;
                } else if bytes.get(i + 2) == Some(&b'\'') {
                    i += 3;
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// The offset after a string literal's closing quote; `start` is just after its opening quote, `hashes` the `#`s of
/// a raw string (whose backslashes escape nothing).
fn skip_string(bytes: &[u8], mut i: usize, end: usize, hashes: usize) -> usize {
    let raw = hashes > 0 || (i >= 2 && bytes[i - 2] == b'r');
    while i < end {
        match bytes[i] {
            b'\\' if !raw => i += 2,
            b'"' if bytes[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&b| b == b'#')
                .count()
                == hashes =>
            {
                return i + 1 + hashes;
            }
            _ => i += 1,
        }
    }
    end
}

/// The text that stays of `text[range]` when everything but its comments goes: each comment with the line break
/// and indentation before it (or one space when it trailed code on its line), and a line break after the last line
/// comment when code would follow it on the same line. Empty when the range holds no comment.
pub fn kept_comments(text: &str, range: Range<usize>) -> String {
    keep(text, range.clone(), &comments(text, range))
}

/// [`kept_comments`] for the comments `found` of `text[range]` only.
fn keep(text: &str, range: Range<usize>, found: &[Range<usize>]) -> String {
    let mut out = String::new();
    let mut from = range.start;
    for c in found {
        let gap = &text[from..c.start];
        match gap.rfind('\n') {
            Some(nl) => {
                let cr = nl > 0 && gap.as_bytes()[nl - 1] == b'\r';
                out.push_str(if cr { "\r\n" } else { "\n" });
                out.push_str(&indentation(&gap[nl + 1..]));
            }
            None if out.is_empty() && gap.is_empty() => {}
            None => out.push(' '),
        }
        out.push_str(&text[c.clone()]);
        from = c.end;
    }
    if let Some(last) = found.last()
        && text[last.clone()].starts_with("//")
    {
        // What follows the range must start on a new line, or it would become part of the comment.
        let after = text[range.end..].trim_start_matches([' ', '\t']);
        if !after.is_empty() && !after.starts_with(['\r', '\n']) {
            let rest = &text[last.end..range.end];
            let newline = if text[last.end..].starts_with("\r\n") {
                "\r\n"
            } else {
                "\n"
            };
            let indent = match rest.find('\n') {
                Some(nl) => indentation(&rest[nl + 1..]),
                None => indentation(line_start(text, last.start)),
            };
            out.push_str(newline);
            out.push_str(&indent);
        }
    }
    out
}

/// The spaces and tabs `text` starts with.
fn indentation(text: &str) -> String {
    text.chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

/// The text of the line `at` is on, from its start.
fn line_start(text: &str, at: usize) -> &str {
    &text[text[..at].rfind('\n').map_or(0, |i| i + 1)..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_comments_but_not_slashes_in_literals() {
        let text = "a(\"// no\", '/', r#\"/* no */\"#) // yes\r\n/* a /* nested */ one */ b";
        let found: Vec<&str> = comments(text, 0..text.len())
            .into_iter()
            .map(|r| &text[r])
            .collect();
        assert_eq!(found, ["// yes", "/* a /* nested */ one */"]);
    }

    #[test]
    fn deleting_keeps_each_comment_on_its_line() {
        let text = "let w = Worker::new(\n    // prints\n    |n: i32| n";
        let start = text.find("Worker").unwrap();
        let end = text.find('|').unwrap();
        assert_eq!(kept_comments(text, start..end), "\n    // prints\n    ");
        let text = "call(&w) // one\n    .unwrap();";
        let start = text.find(')').unwrap() + 1;
        let end = text.find(';').unwrap() + 1;
        assert_eq!(kept_comments(text, start..end), " // one");
        assert_eq!(kept_comments("a, b", 1..3), "");
        let text = "x /* c */ y";
        assert_eq!(kept_comments(text, 1..10), " /* c */");
        let text = "{\r\n    // a\r\n    A,\r\n    B, // b\r\n};";
        assert_eq!(
            kept_comments(text, 0..text.len()),
            "\r\n    // a\r\n    // b"
        );
    }

    #[test]
    fn applying_edits_never_drops_a_comment() {
        let text = "let w = Worker::new(\n    // prints\n    |n: i32| n,\n);\n";
        let open = text.find("Worker").unwrap()..text.find('|').unwrap();
        let close = text.find(",\n)").unwrap()..text.find(");").unwrap() + 1;
        let out = apply(text, vec![Edit::delete(open), Edit::delete(close)]).unwrap();
        assert_eq!(out, "let w =\n    // prints\n    |n: i32| n;\n");
        let text = "p.add(&w) // one\n    .unwrap();\nnext();";
        let tail = text.find(" //").unwrap()..text.find(';').unwrap() + 1;
        let out = apply(text, vec![Edit::replace(tail, ";")]).unwrap();
        assert_eq!(out, "p.add(&w); // one\nnext();");
        let text = "use a::W; // for workers\nfn f() {}\n";
        let line = 0..text.find("fn").unwrap();
        let out = apply(text, vec![Edit::delete(line)]).unwrap();
        assert_eq!(out, "// for workers\nfn f() {}\n");
    }

    #[test]
    fn splices_keep_untouched_bytes() {
        let text = "a\r\nbé c\r\n";
        let out = apply(
            text,
            vec![
                Edit::replace(7..8, "C"),
                Edit::insert(0, "// x\r\n"),
                Edit::delete(1..3),
            ],
        )
        .unwrap();
        assert_eq!(out, "// x\r\nabé C\r\n");
    }

    #[test]
    fn overlapping_edits_are_refused() {
        assert!(
            apply(
                "abcdef",
                vec![Edit::replace(1..4, "x"), Edit::replace(3..5, "y")]
            )
            .is_err()
        );
    }

    #[test]
    fn insertions_at_one_offset_keep_their_order() {
        let out = apply("ab", vec![Edit::insert(1, "1"), Edit::insert(1, "2")]).unwrap();
        assert_eq!(out, "a12b");
    }
}
