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
/// Identical duplicate edits are applied once. Overlapping replacements are refused.
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
        pos = edit.range.end;
    }
    out.push_str(&original[pos..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
