//! A source file as loaded from disk: its text, and the byte offsets the parser's spans are relative to.

use std::fmt;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// A `.rs` file read into memory, unchanged.
pub struct Source {
    /// Where the file was read from.
    pub path: PathBuf,
    /// The whole file, byte for byte (BOM, shebang and CRLF included).
    pub text: String,
    /// Byte offset where the text handed to the parser starts (after a BOM and a shebang line).
    parse_start: usize,
}

/// Why a file could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read (permissions, vanished, a directory, ...).
    Unreadable(io::Error),
    /// The file is not valid UTF-8; `line` is where the first bad byte is.
    NotUtf8 {
        /// 1-based line of the first invalid byte.
        line: usize,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Unreadable(e) => {
                write!(f, "cannot read the file ({e}); check its permissions")
            }
            LoadError::NotUtf8 { line } => write!(
                f,
                "not valid UTF-8 (first bad byte on line {line}); Rust sources must be UTF-8, so the file was left as it is"
            ),
        }
    }
}

impl Source {
    /// Reads `path`, keeping every byte.
    pub fn load(path: &Path) -> Result<Source, LoadError> {
        let bytes = std::fs::read(path).map_err(LoadError::Unreadable)?;
        Source::from_bytes(path, bytes)
    }

    /// Builds a source from bytes already in memory (used by `load` and by tests).
    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Result<Source, LoadError> {
        let text = String::from_utf8(bytes).map_err(|e| {
            let good = e.utf8_error().valid_up_to();
            let line = 1 + e.as_bytes()[..good].iter().filter(|&&b| b == b'\n').count();
            LoadError::NotUtf8 { line }
        })?;
        let parse_start = parse_start(&text);
        Ok(Source {
            path: path.to_path_buf(),
            text,
            parse_start,
        })
    }

    /// The part of the file the parser reads: without a BOM and a shebang line (whose newline is kept so that
    /// line numbers stay the same).
    pub fn parsed_text(&self) -> &str {
        &self.text[self.parse_start..]
    }

    /// Parses the file. Spans in the result map to file offsets through [`Source::range`].
    pub fn parse(&self) -> syn::Result<syn::File> {
        syn::parse_file(self.parsed_text())
    }

    /// The byte range in [`Source::text`] that `span` (from [`Source::parse`]) covers.
    pub fn range(&self, span: proc_macro2::Span) -> Range<usize> {
        let r = span.byte_range();
        r.start + self.parse_start..r.end + self.parse_start
    }

    /// 1-based line and column (in characters) of a byte offset, as editors and compilers print them.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        line_col(&self.text, offset)
    }
}

/// 1-based line and column (in characters, a BOM not counted) of `offset` in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = 1 + before.matches('\n').count();
    let column = 1 + before[line_start..]
        .trim_start_matches('\u{feff}')
        .chars()
        .count();
    (line, column)
}

/// Where the parser's input starts: after a byte-order mark and after a shebang line, as rustc sees them.
fn parse_start(text: &str) -> usize {
    let bom = if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let rest = &text[bom..];
    // `#![attr]` is an inner attribute, not a shebang, even with whitespace or comments before the `[`.
    if rest.starts_with("#!") && !skip_trivia(&rest[2..]).starts_with('[') {
        bom + rest.find('\n').unwrap_or(rest.len())
    } else {
        bom
    }
}

/// `s` without leading whitespace and comments.
fn skip_trivia(mut s: &str) -> &str {
    loop {
        let trimmed = s.trim_start();
        if let Some(rest) = trimmed.strip_prefix("//") {
            s = rest.find('\n').map_or("", |i| &rest[i..]);
        } else if let Some(rest) = trimmed.strip_prefix("/*") {
            s = rest.find("*/").map_or("", |i| &rest[i + 2..]);
        } else {
            return trimmed;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(text: &str) -> Source {
        Source::from_bytes(Path::new("t.rs"), text.as_bytes().to_vec()).unwrap()
    }

    #[test]
    fn spans_map_to_file_offsets_past_bom_and_shebang() {
        let s = src("\u{feff}#!/usr/bin/env run-cargo-script\nfn main() { let é = 1; }\n");
        let file = s.parse().unwrap();
        let syn::Item::Fn(f) = &file.items[0] else {
            panic!()
        };
        let r = s.range(f.sig.ident.span());
        assert_eq!(&s.text[r.clone()], "main");
        assert_eq!(s.line_col(r.start), (2, 4));
    }

    #[test]
    fn inner_attribute_is_not_a_shebang() {
        let s = src("#![allow(dead_code)]\nfn f() {}\n");
        assert_eq!(s.parsed_text(), s.text);
    }

    #[test]
    fn non_utf8_names_its_line() {
        let err = Source::from_bytes(Path::new("t.rs"), b"fn a() {}\n// \xff\n".to_vec())
            .err()
            .unwrap();
        assert!(matches!(err, LoadError::NotUtf8 { line: 2 }));
    }
}
