//! What the compiler says the written rewrite still misses, where the fix is certain from its message alone: a `?`
//! on a 3.x delegate into an error type that converts only from `workerpool::Error` (`?` cannot convert
//! `DelegateError<T>`: it goes through `workerpool::Error::from`), where the walk did not follow the pool (reached
//! through an `Option`'s combinator, another module's alias); the names 2.x and 3.x spell differently
//! (`renames.rs`), at the span rustc gives, in whatever file it is; an import whose item the rewrite took away.

use std::path::PathBuf;

use super::renames;
use crate::analysis::imports;
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
            Some("E0277") if delegate_error_into_other(d) && at_span == "?" => Some((
                Edit::insert(range.start, ".map_err(workerpool::Error::from)"),
                "`?` converts a 3.x DelegateError<T> through `workerpool::Error::from`",
            )),
            Some("E0599") => renames::pool_method(d, at_span).map(|name| {
                let what = match name {
                    "workers" => "2.x's `workers_num()` is 3.x's `workers()`",
                    _ => "this pool stays on v2, whose method is `workers_num()`",
                };
                (Edit::replace(range.clone(), name), what)
            }),
            Some("E0631") => renames::pool_method_path(d, at_span).map(|path| {
                let what = match path {
                    "workerpool::Pool::workers" => {
                        "the pool here is 3.x's, whose method is `workers`"
                    }
                    _ => "the pool here stays on v2, whose method is `workers_num`",
                };
                (Edit::replace(range.clone(), path), what)
            }),
            Some("E0107") => renames::delegate_turbofish(d, span, &text).map(|turbofish| {
                let range = turbofish.byte_start as usize..turbofish.byte_end as usize;
                (
                    Edit::delete(range),
                    "3.x's `delegate` is not generic: the pool's type names the job type",
                )
            }),
            // A `use workerpool::..` is the rewrite's own to write: where it fails, the halving says so.
            Some("E0432") if !d.message.contains("`workerpool::") => {
                let what =
                    "the rewrite took away the item this import names (2.x's `Worker`): it goes";
                unresolved_import(&text, range.clone()).map(|edit| (edit, what))
            }
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

/// The edit for the import rustc cannot resolve at `span` (the check before migration passed, so the rewrite took
/// its item away): the leaf with its comma in a list (`{a, TaskWorker}`, and the braces when one plain name is left,
/// as rustfmt writes it), or the whole `use` line of a single path (not under an attribute, which would pass to the
/// next item). None for another shape (a rename, `B as C`), which stays for the halving.
fn unresolved_import(text: &str, span: std::ops::Range<usize>) -> Option<Edit> {
    let (head, tail) = (text[..span.start].trim_end(), text[span.end..].trim_start());
    if head.ends_with(['{', ',']) && tail.starts_with([',', '}']) {
        let gone = imports::whole_lines(text, imports::leaf_with_comma(text, span.clone()));
        let (open, close) = (head.rfind('{')?, span.end + text[span.end..].find('}')?);
        let left = [&text[open + 1..gone.start], &text[gone.end..close]].concat();
        let plain = |l: &str| l != "self" && l.chars().all(|c| c.is_alphanumeric() || c == '_');
        return Some(match left.trim() {
            one if plain(one) && !one.is_empty() => Edit::replace(open..close + 1, one),
            _ => Edit::delete(gone),
        });
    }
    let line = head.rfind('\n').map_or(0, |i| i + 1);
    let end = span.end + text[span.end..].find(';')? + 1;
    let alone = head[line..].split_whitespace().last() == Some("use")
        && tail.starts_with(';')
        && !text[..line].trim_end().ends_with(']');
    alone.then(|| Edit::delete(imports::whole_lines(text, line..end)))
}

fn code(d: &Diagnostic) -> Option<&str> {
    d.code.as_ref().map(|c| c.code.as_str())
}

/// `?` couldn't convert the error to `E`, the error being a 3.x `DelegateError<T>` (named in a label or a note).
fn delegate_error_into_other(d: &Diagnostic) -> bool {
    // `the trait `From<DelegateError<String>>` is not implemented for `ShipError``, in a label or a note; rustc
    // writes the path where the name is not in scope (`From<workerpool::error::DelegateError<String>>`).
    fn names(text: &str) -> bool {
        text.split("From<").skip(1).any(|rest| {
            let path = rest.split('<').next().unwrap_or_default();
            path == "DelegateError" || path.ends_with("::DelegateError")
        })
    }
    fn mentions(d: &Diagnostic) -> bool {
        names(&d.message)
            || (d.spans.iter()).any(|s| s.label.as_deref().is_some_and(names))
            || d.children.iter().any(mentions)
    }
    d.message.starts_with("`?` couldn't convert the error") && mentions(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(diagnostics: serde_json::Value) -> Checked {
        Checked::recorded(false, diagnostics)
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
    fn an_error_whose_span_does_not_hold_the_question_mark_or_names_no_delegate_error_is_left_alone()
     {
        let question = TEXT.find(")?").unwrap() + 1;
        let found = fixups(
            &checked(serde_json::json!([
                // The span is off by one: not the `?`.
                diagnostic(
                    "E0277",
                    "`?` couldn't convert the error to `ShipError`",
                    question - 1,
                    question,
                    "the trait `From<DelegateError<i32>>` is not implemented for `ShipError`"
                ),
                // Already through `workerpool::Error`: the type does not convert from it, nothing to fix here.
                diagnostic(
                    "E0277",
                    "`?` couldn't convert the error to `ShipError`",
                    question,
                    question + 1,
                    "the trait `From<workerpool::Error>` is not implemented for `ShipError`"
                ),
            ])),
            &text,
        );
        assert_eq!(found, vec![]);
    }

    #[test]
    fn a_delegate_error_rustc_names_by_its_path_is_one_too() {
        let question = TEXT.find(")?").unwrap() + 1;
        let label = "the trait `From<workerpool::error::DelegateError<String>>` is not implemented for `AppError`";
        let message = "`?` couldn't convert the error to `AppError`";
        let d = diagnostic("E0277", message, question, question + 1, label);
        let found = fixups(&checked(serde_json::json!([d])), &text);
        assert_eq!(found.len(), 1, "{found:?}");
    }

    /// A span of `src/lib.rs` at `range`, with rustc's suggestion when given.
    fn span(range: std::ops::Range<usize>, replacement: Option<&str>) -> serde_json::Value {
        serde_json::json!({
            "file_name": "src/lib.rs", "byte_start": range.start, "byte_end": range.end, "line_start": 2,
            "line_end": 2, "column_start": 5, "column_end": 6, "is_primary": true, "text": [], "label": null,
            "suggested_replacement": replacement,
            "suggestion_applicability": replacement.map(|_| "MaybeIncorrect"), "expansion": null
        })
    }

    /// `diagnostic` with a help child saying `help` at `spans`.
    fn with_help(
        mut diagnostic: serde_json::Value,
        help: &str,
        spans: Vec<serde_json::Value>,
    ) -> serde_json::Value {
        diagnostic["children"] = serde_json::json!([{
            "message": help, "code": null, "level": "help", "spans": spans, "children": [], "rendered": null
        }]);
        diagnostic
    }

    /// The edits `diagnostics` call for on `text` (as src/lib.rs), applied.
    fn fixed(text: &str, diagnostics: Vec<serde_json::Value>) -> String {
        let found = fixups(&checked(serde_json::Value::Array(diagnostics)), &|path| {
            (path == std::path::Path::new("/p/src/lib.rs")).then(|| text.to_string())
        });
        crate::edit::apply(text, found.into_iter().map(|f| f.edit).collect()).unwrap()
    }

    /// The E0599 rustc gives for `method` on a receiver printed `receiver` at `range`, with its similar-name help.
    fn no_method(
        kind: &str,
        method: &str,
        receiver: &str,
        range: std::ops::Range<usize>,
        similar: Option<&str>,
    ) -> serde_json::Value {
        let message =
            format!("no {kind} named `{method}` found for {receiver} in the current scope");
        let d = diagnostic("E0599", &message, range.start, range.end, "");
        match similar {
            Some(name) => with_help(
                d,
                &format!("there is a method `{name}` with a similar name"),
                vec![span(range, Some(name))],
            ),
            None => d,
        }
    }

    #[test]
    fn workers_num_on_a_3x_pool_becomes_workers_and_workers_on_a_v2_pool_goes_back_where_rustc_says()
     {
        let text = "fn f() {\n    (Q.workers_num(), V2.workers(), o.map_or(0, Pool::workers_num), A.workers_num());\n}\n";
        let at = |needle: &str| {
            let start = text.find(needle).unwrap() + needle.find('w').unwrap();
            let name = &needle[needle.find('w').unwrap()..];
            start..start + name.trim_end_matches(['(', ')']).len()
        };
        let diagnostics = vec![
            no_method(
                "method",
                "workers_num",
                "reference `&'static workerpool::pool::Pool<Job>`",
                at("Q.workers_num"),
                Some("workers"),
            ),
            no_method(
                "method",
                "workers",
                "struct `LazyLock<workerpool::v2::Pool>`",
                at("V2.workers"),
                Some("workers_num"),
            ),
            // The pool by an alias of the crate's (`pub use workerpool::Pool as TaskPool`): rustc prints the alias.
            no_method(
                "method",
                "workers_num",
                "reference `&'static wordfreq::TaskPool<(String, u64)>`",
                at("A.workers_num"),
                Some("workers"),
            ),
            // A method path (`map_or(0, Pool::workers_num)`), the type trimmed to its name.
            no_method(
                "function or associated item",
                "workers_num",
                "struct `Pool<T>`",
                at("Pool::workers_num"),
                Some("workers"),
            ),
        ];
        assert_eq!(
            fixed(text, diagnostics),
            "fn f() {\n    (Q.workers(), V2.workers_num(), o.map_or(0, Pool::workers), A.workers());\n}\n"
        );
    }

    #[test]
    fn a_missing_method_rustc_does_not_say_a_pool_has_under_the_other_name_is_left_alone() {
        let text = "fn f() {\n    (o.workers_num(), t.workers(), q.workers_num());\n}\n";
        let at = |needle: &str| {
            let start = text.find(needle).unwrap() + 2;
            start..start + needle.len() - 2
        };
        let diagnostics = vec![
            // Not a pool: an `Option` of one, which has neither method.
            no_method(
                "method",
                "workers_num",
                "enum `Option<workerpool::Pool<u8>>`",
                at("o.workers_num"),
                None,
            ),
            // Another type whose name ends with `Pool`.
            no_method(
                "method",
                "workers",
                "struct `ThreadPool`",
                at("t.workers"),
                Some("workers_num"),
            ),
            // A v2 pool lacks nothing named `workers_num`: whatever says so is not this.
            no_method(
                "method",
                "workers_num",
                "struct `workerpool::v2::Pool`",
                at("q.workers_num"),
                Some("workers"),
            ),
        ];
        assert_eq!(fixed(text, diagnostics), text);
    }

    #[test]
    fn a_method_path_of_a_v2_pool_given_a_3x_pool_becomes_3x_s() {
        let text =
            "fn f() {\n    (a.map_or(0, Pool::workers_num), b.map_or(0, Pool::workers_num));\n}\n";
        let first = text.find("Pool::").unwrap();
        let second = text.rfind("Pool::").unwrap();
        let len = "Pool::workers_num".len();
        let mismatch = |at: usize, expected: &str, found: &str| {
            let mut d = diagnostic(
                "E0631",
                "type mismatch in function arguments",
                at,
                at + len,
                "",
            );
            d["children"] = serde_json::json!([{
                "message": format!("expected function signature `fn({expected}) -> _`\n   found function signature `fn({found}) -> _`"),
                "code": null, "level": "note", "spans": [], "children": [], "rendered": null
            }]);
            d
        };
        let diagnostics = vec![
            mismatch(
                first,
                "&workerpool::Pool<(usize, TestCase)>",
                "&workerpool::v2::Pool",
            ),
            // Not a pool given where another is expected.
            mismatch(second, "&Option<u8>", "&workerpool::v2::Pool"),
        ];
        assert_eq!(
            fixed(text, diagnostics),
            "fn f() {\n    (a.map_or(0, workerpool::Pool::workers), b.map_or(0, Pool::workers_num));\n}\n"
        );
    }

    #[test]
    fn a_turbofish_on_a_3x_delegate_goes_as_rustc_says() {
        let text = "fn f() {\n    pool.delegate::<String>(name.into())?; other.send::<u8>(1);\n}\n";
        let e0107 = |method: &str, generics: &str| {
            let start = text.find(&format!(".{method}::")).unwrap() + 1;
            let end = start + method.len();
            with_help(
                diagnostic(
                    "E0107",
                    "method takes 0 generic arguments but 1 generic argument was supplied",
                    start,
                    end,
                    "expected 0 generic arguments",
                ),
                "remove the unnecessary generics",
                vec![span(end..end + generics.len(), Some(""))],
            )
        };
        let diagnostics = vec![e0107("delegate", "::<String>"), e0107("send", "::<u8>")];
        assert_eq!(
            fixed(text, diagnostics),
            "fn f() {\n    pool.delegate(name.into())?; other.send::<u8>(1);\n}\n"
        );
    }

    #[test]
    fn an_import_whose_item_the_rewrite_took_away_goes_a_leaf_and_its_braces_or_its_line() {
        let text =
            "use l::{a, W};\nuse l::W;\n#[cfg(test)]\nuse l::W;\nuse l::{W as V, a};\nfn f() {}\n";
        // rustc's span: the leaf in a list, the whole path of a single one. Under an attribute (it would pass to
        // the next item) and a rename: left for the halving.
        let at = |n: usize, whole: usize| text.match_indices('W').nth(n).unwrap().0 - whole;
        let e0432 = |s: usize, e: usize| diagnostic("E0432", "unresolved import `l::W`", s, e, "");
        let mut errors =
            [(0, 0), (1, 3), (2, 3), (3, 0)].map(|(n, w)| e0432(at(n, w), at(n, 0) + 1));
        // A `use workerpool::..` is the rewrite's own: left for the halving too.
        errors[1]["message"] = "unresolved import `workerpool::W`".into();
        assert_eq!(
            fixed(text, errors.to_vec()),
            "use l::a;\nuse l::W;\n#[cfg(test)]\nuse l::W;\nuse l::{W as V, a};\nfn f() {}\n"
        );
    }
}
