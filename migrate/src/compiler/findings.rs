//! Reading a probe's compiler messages: what each placeholder job type met (`expected `[(); N]`, found `Order``),
//! and which placeholders met each other (two places of one pool).

use crate::cargo_check::Diagnostic;

/// What the compiler said about one placeholder.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Finding {
    /// The placeholder numbered `number` was given (or expected) a value of the type printed `found`.
    Met {
        /// The placeholder's number.
        number: usize,
        /// The type, as the compiler printed it (`jobs::Order`, `{integer}`, `{closure}`).
        found: String,
        /// Whether it is a type parameter of the function the value is in (`J`).
        parameter: bool,
    },
    /// Two placeholders met: they are one pool.
    Same(usize, usize),
}

/// What the messages of one probe say about the placeholders in `numbers`.
pub fn findings(diagnostics: &[Diagnostic], numbers: &dyn Fn(usize) -> bool) -> Vec<Finding> {
    let mut out = Vec::new();
    for d in diagnostics {
        let mut texts = Vec::new();
        gather(d, &mut texts);
        let mut pairs: Vec<(String, Found)> = texts.iter().flat_map(|t| pairs(t)).collect();
        // `the return type of this call is `B`` says what the argument is, against what the label expected.
        let expected: Vec<String> = pairs.iter().map(|(a, _)| a.clone()).collect();
        for t in &texts {
            if let Some(found) = between(t, "the return type of this call is `", "` due to") {
                for a in &expected {
                    pairs.push((a.clone(), Found::Type(found.to_string())));
                }
            }
        }
        // Two placeholders met where rustc compares only their lengths.
        for t in &texts {
            if let Some((a, b)) = array_sizes(t)
                && a != b
                && numbers(a)
                && numbers(b)
            {
                out.push(Finding::Same(a.min(b), a.max(b)));
            }
        }
        for (a, b) in &pairs {
            match b {
                Found::Type(b) => {
                    met(a, b, false, numbers, &mut out);
                    met(b, a, false, numbers, &mut out);
                }
                Found::Parameter(b) => met(a, b, true, numbers, &mut out),
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A 3.x pool met a 2.x one (E0308 ``expected `Pool<X>`, found `Pool` ``, either way, inside any type: two places of
/// one pool, one migrated and one on v2): `X`, and rustc's words.
pub fn untyped_meeting(d: &Diagnostic) -> Option<(String, String)> {
    d.code.as_ref().filter(|c| c.code == "E0308")?;
    let mut texts = Vec::new();
    gather(d, &mut texts);
    texts.iter().flat_map(|t| pairs(t)).find_map(|(a, b)| {
        let Found::Type(b) = b else { return None };
        let said = format!("expected `{a}`, found `{b}`");
        typed_against_untyped(&a, &b)
            .or_else(|| typed_against_untyped(&b, &a))
            .map(|x| (x, said))
    })
}

/// The job type of the `Pool<X>` in `typed` that stands where `untyped` has a bare `Pool`, the rest the same (paths
/// of the library left out: rustc prints 2.x's pool as `workerpool::v2::Pool` where it is ambiguous).
fn typed_against_untyped(typed: &str, untyped: &str) -> Option<String> {
    let bare = |t: &str| {
        t.replace("workerpool::v2::", "")
            .replace("workerpool::", "")
    };
    let (typed, untyped) = (bare(typed), bare(untyped));
    let common = typed
        .bytes()
        .zip(untyped.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let (head, args) = (typed.get(..common)?, &typed[common..]);
    let mut depth = 0;
    let end = args.find(|c| {
        depth += i32::from(c == '<') - i32::from(c == '>');
        depth == 0
    })?;
    let word = head.strip_suffix("Pool")?;
    (!word.ends_with(|c: char| c.is_alphanumeric() || c == '_')
        && args.starts_with('<')
        && args[end + 1..] == untyped[common..])
        .then(|| args[1..end].to_string())
}

/// Whether a check's first error gives a 3.x pool or shared worker where a 2.x one is expected, or the other way
/// round (`expected `&Worker`, found `&SharedWorker<..>``, `&MutexGuard<'_, Pool>` for `&Pool<u8>`): the probed code
/// meets code that stays on v2.
pub fn meets_v2(error: &str) -> bool {
    // A 2.x `Pool` or `Worker` anywhere in the type: the name with no generic arguments after it.
    let v2 = |t: &str| {
        let mut rest = t;
        while let Some(at) = rest.find(|c: char| c.is_alphanumeric() || c == '_') {
            let word_len = rest[at..]
                .find(|c: char| !c.is_alphanumeric() && c != '_')
                .unwrap_or(rest.len() - at);
            let (word, after) = rest[at..].split_at(word_len);
            if matches!(word, "Pool" | "Worker") && !after.starts_with('<') {
                return true;
            }
            rest = after;
        }
        false
    };
    let typed = |t: &str| t.contains("SharedWorker<") || t.contains("Pool<");
    pairs(error).iter().any(|(expected, found)| match found {
        Found::Type(found) => (v2(expected) && typed(found)) || (typed(expected) && v2(found)),
        Found::Parameter(_) => false,
    })
}

/// What an `expected .. found ..` says was found.
#[derive(Debug, Clone)]
enum Found {
    /// A type, as printed.
    Type(String),
    /// A type parameter.
    Parameter(String),
}

/// Every text of a message: its own, its spans' labels, its children's.
fn gather(d: &Diagnostic, out: &mut Vec<String>) {
    out.push(d.message.clone());
    out.extend(d.spans.iter().filter_map(|s| s.label.clone()));
    for child in &d.children {
        gather(child, out);
    }
}

/// `expected an array with a size of N, found one with a size of M`: N and M.
fn array_sizes(text: &str) -> Option<(usize, usize)> {
    let a = between(text, "expected an array with a size of ", ",")?;
    let b = text.split("found one with a size of ").nth(1)?;
    let b: String = b.chars().take_while(char::is_ascii_digit).collect();
    Some((a.trim().parse().ok()?, b.parse().ok()?))
}

/// The text between `open` and the next `close` after it.
fn between<'t>(text: &'t str, open: &str, close: &str) -> Option<&'t str> {
    let start = text.find(open)? + open.len();
    let len = text[start..].find(close)?;
    Some(&text[start..start + len])
}

/// The `expected `A`, found `B`` pairs of a text, in both of rustc's forms: a label (`expected `A`, found `B``,
/// `found integer`, `found type parameter `J``) and a note (`expected struct `A`\n found enum `B``).
fn pairs(text: &str) -> Vec<(String, Found)> {
    let mut out: Vec<(String, Found)> = closure_arguments(text).into_iter().collect();
    let mut rest = text;
    while let Some(at) = rest.find("expected ") {
        rest = &rest[at + "expected ".len()..];
        let Some(a) = backticked(rest) else { continue };
        let after = &rest[rest.find('`').unwrap_or(0) + a.len() + 2..];
        let Some(f) = after.find("found ") else {
            continue;
        };
        // Only words between (`, `, a newline, `struct`): the found part of this pair, not of a later one.
        if !after[..f]
            .chars()
            .all(|c| c == ',' || c.is_whitespace() || c.is_alphabetic())
            || after[..f].contains("expected")
        {
            continue;
        }
        let found = &after[f + "found ".len()..];
        let words: String = found
            .chars()
            .take_while(|&c| c != '`' && c != '\n')
            .collect();
        let words = words.trim();
        let b = match words {
            "" => backticked(found).map(|b| Found::Type(b.to_string())),
            "integer" => Some(Found::Type("{integer}".into())),
            "floating-point number" => Some(Found::Type("{float}".into())),
            "closure" => Some(Found::Type("{closure}".into())),
            "type parameter" => backticked(found).map(|b| Found::Parameter(b.to_string())),
            // `found struct `B``, `found tuple `B``, `found closure signature `fn(B) -> _``, `found closure
            // `{closure@src/main.rs:5:80: 5:82}``.
            _ if found[words.len()..].trim_start().starts_with('`') => backticked(found).map(|b| {
                if b.starts_with("{closure") {
                    Found::Type("{closure}".into())
                } else {
                    Found::Type(b.to_string())
                }
            }),
            _ => None,
        };
        if let Some(b) = b {
            out.push((a.to_string(), b));
        }
    }
    out
}

/// `expected a `Fn(A)` closure, found `impl (Fn(B)) + Send``: a function value (one a helper returns as `impl Fn`)
/// where a worker of another job type is expected (E0277). `A` and `B`, the two argument lists.
fn closure_arguments(text: &str) -> Option<(String, Found)> {
    let rest = text
        .split_once("expected a")
        .map(|(_, r)| r.trim_start_matches('n'))?;
    let expected = backticked(rest)?;
    let found = rest.split_once("` closure, found ")?.1;
    let arguments = |t: &str| {
        let t = t.trim_start_matches("impl ").trim_start_matches('(');
        let t = ["Fn(", "FnMut(", "FnOnce("]
            .iter()
            .find_map(|f| t.strip_prefix(f))?;
        let mut depth = 1;
        let end = t.find(|c| {
            depth += i32::from(c == '(') - i32::from(c == ')');
            depth == 0
        })?;
        Some(t[..end].to_string())
    };
    Some((
        arguments(expected)?,
        Found::Type(arguments(backticked(found)?)?),
    ))
}

/// The first backticked text of `text` (only words before it).
fn backticked(text: &str) -> Option<&str> {
    let start = text.find('`')?;
    if !text[..start]
        .chars()
        .all(|c| c.is_alphabetic() || c == ' ' || c == '-')
    {
        return None;
    }
    let len = text[start + 1..].find('`')?;
    Some(&text[start + 1..start + 1 + len])
}

/// For each placeholder `[(); N]` written in `a`, what stands at its place in `b` (the same text around it).
fn met(a: &str, b: &str, parameter: bool, numbers: &dyn Fn(usize) -> bool, out: &mut Vec<Finding>) {
    let theirs = placeholders(b);
    for (start, len, number) in placeholders(a) {
        if !numbers(number) {
            continue;
        }
        let (pre, suf) = (&a[..start], &a[start + len..]);
        if b.len() < pre.len() + suf.len() || !b.starts_with(pre) || !b.ends_with(suf) {
            // Around them the types differ (`&Pool<[(); N]>` against `&Arc<Pool<[(); M]>>`): one placeholder on
            // each side is still two places that met, one pool (the check of the output judges the rest).
            if let [(_, _, other)] = theirs.as_slice()
                && *other != number
                && numbers(*other)
            {
                out.push(Finding::Same(number.min(*other), number.max(*other)));
            }
            continue;
        }
        let there = &b[pre.len()..b.len() - suf.len()];
        match placeholders(there).as_slice() {
            [(0, l, other)] if *l == there.len() && *other != number && numbers(*other) => {
                out.push(Finding::Same(number.min(*other), number.max(*other)));
            }
            [(0, l, _)] if *l == there.len() => {}
            [] if !there.is_empty() => out.push(Finding::Met {
                number,
                found: there.to_string(),
                parameter,
            }),
            _ => {}
        }
    }
}

/// The placeholders `[(); N]` of a printed type: start, length, number.
fn placeholders(text: &str) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("[(); ") {
        let start = from + at;
        let digits: String = text[start + 5..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let end = start + 5 + digits.len();
        if !digits.is_empty()
            && text[end..].starts_with(']')
            && let Ok(n) = digits.parse()
        {
            out.push((start, end + 1 - start, n));
        }
        from = start + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_worker_where_a_v2_one_is_expected_meets_v2() {
        let error =
            |pair: &str| format!("src/billing.rs:59:30: error[E0308]: mismatched types ({pair})");
        assert!(meets_v2(&error(
            "expected `&Worker`, found `&SharedWorker<(Invoice, Sender<...>)>`"
        )));
        assert!(meets_v2(&error(
            "expected `Pool<u8>`, found `workerpool::v2::Pool`"
        )));
        assert!(meets_v2(&error(
            "expected `&Pool<(usize, Vec<String>, usize, ...)>`, found `&MutexGuard<'_, Pool>`"
        )));
        assert!(meets_v2(&error(
            "expected `Arc<Pool>`, found `Arc<Pool<u64>>`"
        )));
        assert!(!meets_v2(&error(
            "expected `Arc<Pool<u8>>`, found `Arc<Pool<u64>>`"
        )));
        assert!(!meets_v2(&error("expected `Probe0`, found `u8`")));
        assert!(!meets_v2(&error("expected `&Worker`, found `&Task`")));
    }

    fn diagnostic(json: serde_json::Value) -> Diagnostic {
        serde_json::from_value(json).unwrap()
    }

    fn span(label: &str, primary: bool) -> serde_json::Value {
        serde_json::json!({
            "file_name": "src/main.rs", "byte_start": 0, "byte_end": 1, "line_start": 1, "line_end": 1,
            "column_start": 1, "column_end": 2, "is_primary": primary, "text": [], "label": label,
            "suggested_replacement": null, "suggestion_applicability": null, "expansion": null
        })
    }

    fn message(text: &str, labels: &[&str], children: &[&str]) -> Diagnostic {
        let children: Vec<serde_json::Value> = children
            .iter()
            .map(|c| serde_json::json!({"message": c, "code": null, "level": "note", "spans": [], "children": [], "rendered": null}))
            .collect();
        let spans: Vec<serde_json::Value> = labels
            .iter()
            .enumerate()
            .map(|(i, l)| span(l, i == 0))
            .collect();
        diagnostic(serde_json::json!({
            "message": text, "code": {"code": "E0308", "explanation": null}, "level": "error",
            "spans": spans, "children": children, "rendered": text
        }))
    }

    fn found(d: &[Diagnostic]) -> Vec<Finding> {
        findings(d, &|n| (7_770_000..7_780_000).contains(&n))
    }

    fn met(number: usize, found: &str) -> Finding {
        Finding::Met {
            number,
            found: found.into(),
            parameter: false,
        }
    }

    #[test]
    fn a_delegate_argument_gives_the_job_type_with_its_path_from_the_note() {
        let d = message(
            "mismatched types",
            &[
                "expected `[(); 7770003]`, found `Order`",
                "arguments to this method are incorrect",
            ],
            &[
                "the return type of this call is `jobs::Order` due to the type of the argument passed",
                "method defined here",
            ],
        );
        assert_eq!(
            found(&[d]),
            vec![met(7_770_003, "Order"), met(7_770_003, "jobs::Order")]
        );
    }

    #[test]
    fn a_worker_closure_gives_its_parameter_type_and_two_pools_that_meet_are_one() {
        let closure = message(
            "type mismatch in closure arguments",
            &["expected due to this", "found signature defined here"],
            &[
                "expected closure signature `fn([(); 7770001]) -> _`\n   found closure signature `fn((u8, std::sync::mpsc::Sender<u8>)) -> _`",
            ],
        );
        let joined = message(
            "mismatched types",
            &["expected `Pool<[(); 7770000]>`, found `Pool<[(); 7770001]>`"],
            &["expected struct `Pool<[(); 7770000]>`\n   found struct `Pool<[(); 7770001]>`"],
        );
        assert_eq!(
            found(&[closure, joined]),
            vec![
                met(7_770_001, "(u8, std::sync::mpsc::Sender<u8>)"),
                Finding::Same(7_770_000, 7_770_001)
            ]
        );
    }

    #[test]
    fn a_function_given_where_a_worker_of_the_placeholder_is_expected_gives_its_argument_type() {
        let returned = message(
            "expected a `Fn([(); 7770001])` closure, found `impl (Fn((String, Sender<(u8, u8)>))) + Send + Sync`",
            &[
                "expected an `Fn([(); 7770001])` closure, found `impl (Fn((String, Sender<(u8, u8)>))) + Send + Sync`",
            ],
            &[],
        );
        let mutable = message(
            "expected a `FnMut([(); 7770002])` closure, found `impl FnMut(Vec<u8>) + Send`",
            &[],
            &[],
        );
        assert_eq!(
            found(&[returned, mutable]),
            vec![
                met(7_770_001, "(String, Sender<(u8, u8)>)"),
                met(7_770_002, "Vec<u8>")
            ]
        );
    }

    #[test]
    fn integers_closures_type_parameters_and_the_other_direction() {
        let d = message(
            "mismatched types",
            &["expected `[(); 7770002]`, found type parameter `J`"],
            &[],
        );
        let n = message(
            "mismatched types",
            &["expected `[(); 7770004]`, found integer"],
            &[],
        );
        let c = message(
            "mismatched types",
            &["expected `[(); 7770005]`, found closure"],
            &[],
        );
        let back = message(
            "mismatched types",
            &["expected `Vec<Order>`, found `Vec<[(); 7770006]>`"],
            &[],
        );
        let other = message(
            "mismatched types",
            &["expected `[(); 99]`, found `u8`"],
            &[],
        );
        let wrapped = message(
            "mismatched types",
            &["expected `&Pool<[(); 7770009]>`, found `&Arc<Pool<[(); 7770010]>>`"],
            &[],
        );
        let sizes = message(
            "mismatched types",
            &["expected an array with a size of 7770007, found one with a size of 7770008"],
            &[],
        );
        assert_eq!(
            found(&[d, n, c, back, other, wrapped, sizes]),
            vec![
                Finding::Met {
                    number: 7_770_002,
                    found: "J".into(),
                    parameter: true
                },
                met(7_770_004, "{integer}"),
                met(7_770_005, "{closure}"),
                met(7_770_006, "Order"),
                Finding::Same(7_770_007, 7_770_008),
                Finding::Same(7_770_009, 7_770_010),
            ]
        );
    }

    #[test]
    fn a_3x_pool_meeting_a_2x_one_gives_the_typed_side_s_job_type() {
        let label = message(
            "mismatched types",
            &["expected `&Arc<Pool<Packed>>`, found `&Arc<Pool>`"],
            &[
                "expected reference `&Arc<workerpool::Pool<Packed>>`\n   found reference `&Arc<workerpool::v2::Pool>`",
            ],
        );
        let back = message(
            "mismatched types",
            &["expected `workerpool::v2::Pool`, found `workerpool::Pool<Delivery>`"],
            &[],
        );
        let other = message(
            "mismatched types",
            &["expected `Pool<u8>`, found `Vec<Pool>`"],
            &[],
        );
        let said = |d: &Diagnostic| untyped_meeting(d).map(|(job, _)| job);
        assert_eq!(said(&label).as_deref(), Some("Packed"));
        assert_eq!(said(&back).as_deref(), Some("Delivery"));
        assert_eq!(said(&other), None);
        assert_eq!(
            untyped_meeting(&label).unwrap().1,
            "expected `&Arc<Pool<Packed>>`, found `&Arc<Pool>`"
        );
    }
}
