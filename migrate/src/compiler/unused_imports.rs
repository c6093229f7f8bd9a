//! The imports the migration left unused, from rustc's `unused_imports` messages: one at an import the check of the
//! crate before migration did not warn about (so the user's own unused imports stay) is removed as rustc's
//! machine-applicable suggestion says (the whole `use` item, or the leaf with its comma and braces).

use std::path::Path;

use super::fixups::Fixup;
use crate::analysis::imports;
use crate::cargo_check::{Checked, Diagnostic, DiagnosticSpan, primary_span};
use crate::edit::Edit;

/// The removals `after`'s `unused_imports` messages call for (only those at error level, with `errors_only`: a
/// `#![deny(unused_imports)]` makes them fail the check), leaving out each import `before` (the check of the
/// original crate) warned about too. `text_of(path)` is the text `after` read, `original_of(path)` the text `before`
/// read.
pub fn removals(
    after: &Checked,
    before: &Checked,
    errors_only: bool,
    text_of: &dyn Fn(&Path) -> Option<String>,
    original_of: &dyn Fn(&Path) -> Option<String>,
) -> Vec<Fixup> {
    let mut out = Vec::new();
    for d in after.diagnostics.iter().filter(|d| unused_import(d)) {
        if errors_only && !matches!(d.level, crate::cargo_check::DiagnosticLevel::Error) {
            continue;
        }
        let Some(span) = primary_span(d) else {
            continue;
        };
        let path = after.path_of(span);
        let (Some(text), Some(original)) = (text_of(&path), original_of(&path)) else {
            continue;
        };
        if was_unused_before(before, &path, span, &text, &original) {
            continue;
        }
        let edits: Vec<Edit> = d
            .children
            .iter()
            .flat_map(|c| &c.spans)
            .filter(|s| s.file_name == span.file_name)
            .filter(|s| {
                s.suggestion_applicability
                    == Some(cargo_metadata::diagnostic::Applicability::MachineApplicable)
            })
            .filter_map(|s| {
                let replacement = s.suggested_replacement.as_ref()?;
                let range = s.byte_start as usize..s.byte_end as usize;
                text.get(range.clone())?;
                Some(match replacement.is_empty() {
                    true => Edit::delete(emptied_lines(&text, range)),
                    false => Edit::replace(range, replacement.as_str()),
                })
            })
            .collect();
        for edit in edits {
            let fixup = Fixup {
                path: path.clone(),
                at: (span.line_start, span.column_start),
                edit,
                what: "the rewrite left this import unused; removed as rustc suggests",
            };
            if !out.contains(&fixup) {
                out.push(fixup);
            }
        }
    }
    out
}

/// A removal widened to the lines it empties, and the blank line after them when they were set apart by blank lines
/// on both sides or stood right after a `{` (as rustfmt leaves a block), so that no line of only spaces, and no two
/// blank lines, are left.
fn emptied_lines(text: &str, range: std::ops::Range<usize>) -> std::ops::Range<usize> {
    // rustc's span of a whole `use` item may end with its line's `\n`.
    let item = match text[range.clone()].strip_suffix('\n') {
        Some(without) => range.start..range.start + without.len(),
        None => range.clone(),
    };
    let mut lines = imports::whole_lines(text, item.clone());
    if lines == item {
        return range;
    }
    let rest = &text[lines.end..];
    let blank = rest.len() - rest.trim_start_matches([' ', '\t', '\r']).len();
    let blank_after = rest[blank..].starts_with('\n');
    // The line before: after a `{`, or blank too (the import was set apart on both sides).
    let head = &text[..lines.start];
    let brace = head.trim_end().ends_with('{');
    let blank_before =
        head.is_empty() || head.trim_end_matches([' ', '\t', '\r']).ends_with("\n\n");
    if blank_after && (brace || blank_before) {
        lines.end += blank + 1;
    }
    lines
}

fn unused_import(d: &Diagnostic) -> bool {
    d.code.as_ref().is_some_and(|c| c.code == "unused_imports")
}

/// Whether the original crate's check warned about the import `span` (in `text`, the migrated `original`) names: at the
/// same bytes, where the migration left its lines alone, else an unused import of the same text in that file.
fn was_unused_before(
    before: &Checked,
    path: &Path,
    span: &DiagnosticSpan,
    text: &str,
    original: &str,
) -> bool {
    let range = span.byte_start as usize..span.byte_end as usize;
    let Some(named) = text.get(range.clone()) else {
        return false;
    };
    let old = match old_offsets(original, text, [range.start, range.end.saturating_sub(1)]) {
        [Some(start), Some(last)] => Some((start, last)),
        _ => None,
    };
    before
        .diagnostics
        .iter()
        .filter(|d| unused_import(d))
        .flat_map(|d| d.spans.iter().filter(|s| s.is_primary))
        .filter(|s| before.path_of(s) == path)
        .any(|s| {
            let was = s.byte_start as usize..s.byte_end as usize;
            match old {
                Some((start, last)) => was == (start..last + 1),
                None => original.get(was) == Some(named),
            }
        })
}

/// Where each byte at `offsets` of `new` was in `old`, when the line it is on is one the change left alone (one diff
/// of the two texts for all of them).
fn old_offsets<const N: usize>(old: &str, new: &str, offsets: [usize; N]) -> [Option<usize>; N] {
    let diff = similar::TextDiff::from_lines(old, new);
    let starts = |text: &str| -> Vec<usize> {
        let mut at = vec![0];
        at.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        at
    };
    let (old_lines, new_lines) = (starts(old), starts(new));
    offsets.map(|offset| {
        diff.ops().iter().find_map(|op| match *op {
            similar::DiffOp::Equal {
                old_index,
                new_index,
                len,
            } => {
                let from = new_lines[new_index];
                let to = new_lines.get(new_index + len).copied().unwrap_or(new.len());
                (from..to)
                    .contains(&offset)
                    .then(|| old_lines[old_index] + offset - from)
            }
            _ => None,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// rustc's warning for the unused import at `name` of `text`, with its suggestion to remove `removal`.
    fn unused(text: &str, name: &str, removal: &str, level: &str) -> serde_json::Value {
        let span = |needle: &str, replacement: Option<&str>| {
            let start = text.find(needle).unwrap();
            serde_json::json!({
                "file_name": "src/lib.rs", "byte_start": start, "byte_end": start + needle.len(), "line_start": 1,
                "line_end": 1, "column_start": 1, "column_end": 2, "is_primary": true, "text": [], "label": null,
                "suggested_replacement": replacement,
                "suggestion_applicability": replacement.map(|_| "MachineApplicable"), "expansion": null
            })
        };
        serde_json::json!({
            "message": format!("unused import: `{name}`"), "code": {"code": "unused_imports", "explanation": null},
            "level": level, "spans": [span(name, None)], "rendered": null,
            "children": [{"message": "remove the unused import", "code": null, "level": "help",
                "spans": [span(removal, Some(""))], "children": [], "rendered": null}]
        })
    }

    fn checked(diagnostics: Vec<serde_json::Value>) -> Checked {
        Checked::recorded(true, serde_json::Value::Array(diagnostics))
    }

    #[test]
    fn an_import_the_migration_left_unused_goes_and_one_the_original_did_not_use_stays() {
        let original =
            "use std::fmt::Write;\nuse anyhow::Context;\nuse workerpool::Pool;\n\nfn f() {}\n";
        let migrated =
            "use std::fmt::Write;\nuse anyhow::Context;\nuse workerpool::v2::Pool;\n\nfn f() {}\n";
        let before = checked(vec![unused(
            original,
            "std::fmt::Write",
            "use std::fmt::Write;\n",
            "warning",
        )]);
        let after = checked(vec![
            unused(
                migrated,
                "std::fmt::Write",
                "use std::fmt::Write;\n",
                "warning",
            ),
            unused(
                migrated,
                "anyhow::Context",
                "use anyhow::Context;\n",
                "warning",
            ),
        ]);
        let file = |text: &'static str| {
            move |p: &Path| (p == Path::new("/p/src/lib.rs")).then(|| text.to_string())
        };
        let found = removals(&after, &before, false, &file(migrated), &file(original));
        let edits: Vec<Edit> = found.into_iter().map(|f| f.edit).collect();
        assert_eq!(
            crate::edit::apply(migrated, edits).unwrap(),
            "use std::fmt::Write;\nuse workerpool::v2::Pool;\n\nfn f() {}\n"
        );
        // Only errors (`#![deny(unused_imports)]`) while the check fails.
        assert_eq!(
            removals(&after, &before, true, &file(migrated), &file(original)),
            vec![]
        );
    }

    #[test]
    fn a_removal_takes_the_lines_it_empties_and_a_blank_line_after_a_brace() {
        let text = "use a::B;\nmod m {\n    use super::*;\n\n    fn f() {}\n}\n";
        let item = text.find("use super").unwrap();
        let end = item + "use super::*;".len();
        let widened = emptied_lines(text, item..end);
        assert_eq!(&text[widened.clone()], "    use super::*;\n\n");
        assert_eq!(emptied_lines(text, item..end + 1), widened);
        // A top-level item: its line only.
        assert_eq!(&text[emptied_lines(text, 0..10)], "use a::B;\n");
        // Set apart by blank lines: one of them goes with it.
        let text = "use a::B;\n\nuse c::D;\n\nuse e::F;\n";
        let item = text.find("use c").unwrap();
        assert_eq!(&text[emptied_lines(text, item..item + 9)], "use c::D;\n\n");
        // A leaf with its comma stays as rustc says.
        let text = "use a::{B, C};\n";
        assert_eq!(emptied_lines(text, 9..12), 9..12);
    }

    #[test]
    fn an_offset_maps_back_only_on_a_line_the_change_left_alone() {
        let old = "use a::B;\nuse workerpool::Pool;\nuse c::D;\n";
        let new = "use a::B;\nuse workerpool::v2::Pool;\nuse c::D;\n";
        let d = new.find("D").unwrap();
        assert_eq!(
            old_offsets(old, new, [d, new.find("v2").unwrap(), 4]),
            [old.find("D"), None, Some(4)]
        );
    }
}
