//! What the compiler says the written rewrite still misses, where the fix is certain from its message alone: a 2.x
//! method name left on a 3.x pool (no method named `workers_num` found for `Pool<T>`: it is `workers`), and a
//! `?` on a 3.x delegate into an error type that converts only from `workerpool::Error` (`?` cannot convert
//! `DelegateError<T>`: it goes through `workerpool::Error::from`). These are the places the syntax did not follow
//! (a pool reached through a closure's parameter, an `Option`'s combinator, another module's alias).

use std::path::PathBuf;

use crate::cargo_check::{Checked, Diagnostic, primary_span};
use crate::edit::Edit;

/// One fix the compiler's messages call for: in `path`, `edit` (by byte range of the text checked).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixup {
    /// The file, as the check names it.
    pub path: PathBuf,
    /// The 1-based line and column of the error.
    pub at: (usize, usize),
    /// The change.
    pub edit: Edit,
    /// What was written, for the report.
    pub what: &'static str,
}

/// The fixes `checked`'s errors call for, each checked against `text_of(path)` (the text the check read): an error
/// whose span does not hold what its message names is left alone.
pub fn fixups(
    checked: &Checked,
    text_of: &dyn Fn(&std::path::Path) -> Option<String>,
) -> Vec<Fixup> {
    let mut out = Vec::new();
    for d in checked.errors() {
        let Some(span) = primary_span(d) else {
            continue;
        };
        let path = checked.path_of(span);
        let Some(text) = text_of(&path) else { continue };
        let range = span.byte_start as usize..span.byte_end as usize;
        let Some(at_span) = text.get(range.clone()) else {
            continue;
        };
        let fix = match code(d) {
            Some("E0599") if renamed_method(d) && at_span == "workers_num" => Some((
                Edit::replace(range.clone(), "workers"),
                "`workers_num()` on a 3.x pool is `workers()`",
            )),
            Some("E0277") if delegate_error_into_other(d) && at_span == "?" => Some((
                Edit::insert(range.start, ".map_err(workerpool::Error::from)"),
                "`?` converts a 3.x DelegateError<T> through `workerpool::Error::from`",
            )),
            _ => None,
        };
        if let Some((edit, what)) = fix {
            let fixup = Fixup {
                path,
                at: (span.line_start, span.column_start),
                edit,
                what,
            };
            if !out.contains(&fixup) {
                out.push(fixup);
            }
        }
    }
    out
}

fn code(d: &Diagnostic) -> Option<&str> {
    d.code.as_ref().map(|c| c.code.as_str())
}

/// `no method named `workers_num` found for reference `&Pool<String>``: a 3.x pool (3.x's `Pool` is generic, 2.x's
/// is not).
fn renamed_method(d: &Diagnostic) -> bool {
    d.message.starts_with("no method named `workers_num` found") && d.message.contains("Pool<")
}

/// `?` couldn't convert the error to `E`, the error being a 3.x `DelegateError<T>` (named in a label or a note).
fn delegate_error_into_other(d: &Diagnostic) -> bool {
    // `the trait `From<DelegateError<String>>` is not implemented for `ShipError``, in a label or a note.
    fn mentions(d: &Diagnostic) -> bool {
        let from = "From<DelegateError<";
        d.message.contains(from)
            || d.spans
                .iter()
                .any(|s| s.label.as_deref().is_some_and(|l| l.contains(from)))
            || d.children.iter().any(mentions)
    }
    d.message.starts_with("`?` couldn't convert the error") && mentions(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(diagnostics: serde_json::Value) -> Checked {
        Checked {
            success: false,
            diagnostics: serde_json::from_value(diagnostics).unwrap(),
            stderr: String::new(),
            duration: std::time::Duration::ZERO,
            root: PathBuf::from("/p"),
        }
    }

    fn diagnostic(
        code: &str,
        message: &str,
        start: usize,
        end: usize,
        label: &str,
    ) -> serde_json::Value {
        serde_json::json!({
            "message": message, "code": {"code": code, "explanation": null}, "level": "error",
            "spans": [{
                "file_name": "src/lib.rs", "byte_start": start, "byte_end": end, "line_start": 2, "line_end": 2,
                "column_start": 5, "column_end": 6, "is_primary": true, "text": [], "label": label,
                "suggested_replacement": null, "suggestion_applicability": null, "expansion": null
            }],
            "children": [], "rendered": message
        })
    }

    const TEXT: &str = "fn f() {\n    p.map_or(0, |p| p.workers_num()); pool.delegate(1)?;\n}\n";

    fn text(path: &std::path::Path) -> Option<String> {
        (path == std::path::Path::new("/p/src/lib.rs")).then(|| TEXT.to_string())
    }

    #[test]
    fn a_2x_method_on_a_3x_pool_and_a_delegate_error_into_another_type_are_fixed() {
        let name = TEXT.find("workers_num").unwrap();
        let question = TEXT.find(")?").unwrap() + 1;
        let found = fixups(
            &checked(serde_json::json!([
                diagnostic(
                    "E0599",
                    "no method named `workers_num` found for reference `&Pool<String>` in the current scope",
                    name,
                    name + "workers_num".len(),
                    "method not found in `&Pool<String>`"
                ),
                diagnostic(
                    "E0277",
                    "`?` couldn't convert the error to `ShipError`",
                    question,
                    question + 1,
                    "the trait `From<DelegateError<i32>>` is not implemented for `ShipError`"
                ),
            ])),
            &text,
        );
        let edits: Vec<Edit> = found.iter().map(|f| f.edit.clone()).collect();
        assert_eq!(
            edits,
            vec![
                Edit::replace(name..name + 11, "workers"),
                Edit::insert(question, ".map_err(workerpool::Error::from)"),
            ]
        );
    }

    #[test]
    fn an_error_whose_span_does_not_hold_the_name_or_is_about_2x_is_left_alone() {
        let name = TEXT.find("workers_num").unwrap();
        let found = fixups(
            &checked(serde_json::json!([
                // The span is off by one: not the method's name.
                diagnostic(
                    "E0599",
                    "no method named `workers_num` found for reference `&Pool<String>` in the current scope",
                    name + 1,
                    name + 12,
                    ""
                ),
                // 2.x's Pool is not generic: nothing of 3.x here.
                diagnostic(
                    "E0599",
                    "no method named `workers_num` found for reference `&Other` in the current scope",
                    name,
                    name + 11,
                    ""
                ),
            ])),
            &text,
        );
        assert_eq!(found, vec![]);
    }
}
