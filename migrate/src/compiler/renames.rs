//! The names 2.x and 3.x spell differently, put right where rustc says a pool lacks one: `workers_num` on a 3.x
//! `Pool<T>` is `workers`, `workers` on a v2 `Pool` is `workers_num` (a call or a path such as `Pool::workers_num`),
//! and 3.x's `delegate`, which is not generic, loses the turbofish 2.x's took (`delegate::<T>(job)`).

use crate::cargo_check::{Diagnostic, DiagnosticSpan};

/// The name rustc says the pool of `d` lacks at `at_span`, and the one to write instead: E0599 on a 3.x pool's
/// `workers_num` or a v2 pool's `workers`, where rustc itself names the other method as the one with a similar name.
pub fn pool_method(d: &Diagnostic, at_span: &str) -> Option<&'static str> {
    // The code built on 2.x, whose pool has `workers_num`: a receiver that lacks it now, where rustc points to
    // `workers`, is a 3.x pool however it is printed (an alias, `TaskPool<J>`), unless it is still 2.x's.
    let (lacked, instead, pool_of) = match at_span {
        "workers_num" => ("workers_num", "workers", not_v2_pool as fn(&str) -> bool),
        "workers" => ("workers", "workers_num", is_v2_pool as fn(&str) -> bool),
        _ => return None,
    };
    // `no method named `workers_num` found for reference `&'static workerpool::Pool<u8>` in the current scope`, or
    // `no function or associated item named `workers` found for struct `workerpool::v2::Pool` ..`.
    let rest = ["no method named ", "no function or associated item named "]
        .iter()
        .find_map(|start| d.message.strip_prefix(start))?;
    let receiver = rest.strip_prefix(&format!("`{lacked}` found for "))?;
    let similar = format!("there is a method `{instead}` with a similar name");
    let suggested = d.children.iter().any(|c| c.message.starts_with(&similar));
    (suggested && pool_of(receiver)).then_some(instead)
}

/// The path to write for a method path of one version's `Pool` given where a pool of the other is (E0631 "type
/// mismatch in function arguments", `map_or(0, Pool::workers_num)` with `Pool` left on v2 and the value 3.x's): the
/// other version's method, by its full path.
pub fn pool_method_path(d: &Diagnostic, at_span: &str) -> Option<&'static str> {
    let (expected, found) = d.children.iter().find_map(|c| {
        let rest = c.message.strip_prefix("expected function signature `fn(")?;
        let (expected, rest) = rest.split_once(") -> _`")?;
        let rest = rest
            .trim_start()
            .strip_prefix("found function signature `fn(")?;
        let (found, _) = rest.split_once(") -> _`")?;
        Some((expected, found))
    })?;
    let only = |printed: &str, generic: bool| {
        let mut names = pool_names(printed).peekable();
        names.peek().is_some() && names.all(|g| g == generic)
    };
    let path = at_span.contains("::");
    if path && at_span.ends_with("::workers_num") && only(expected, true) && only(found, false) {
        Some("workerpool::Pool::workers")
    } else if path && at_span.ends_with("::workers") && only(expected, false) && only(found, true) {
        Some("workerpool::v2::Pool::workers_num")
    } else {
        None
    }
}

/// Whether rustc's text of a receiver type names no 2.x `Pool` (`&'static Pool<Order>`, `TaskPool<J>`).
fn not_v2_pool(receiver: &str) -> bool {
    !is_v2_pool(receiver)
}

/// Whether rustc's text of a receiver type (`&workerpool::v2::Pool`, `Arc<Pool>`) names 2.x's `Pool`, the one
/// without parameters.
fn is_v2_pool(receiver: &str) -> bool {
    pool_names(receiver).any(|generic| !generic)
}

/// For each `Pool` named in a printed type (a word of its own, not `ThreadPool`), whether it has parameters.
fn pool_names(printed: &str) -> impl Iterator<Item = bool> + '_ {
    printed.match_indices("Pool").filter_map(|(at, _)| {
        let before = printed[..at].chars().next_back();
        let after = printed[at + 4..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        (!word(before) && !word(after)).then_some(after == Some('<'))
    })
}

/// The turbofish to remove from a 3.x `delegate::<T>(job)`: E0107 "method takes 0 generic arguments" at a
/// `delegate` (2.x's is generic, so the code built with it), rustc's help spanning the `::<T>` it says to remove.
pub fn delegate_turbofish<'d>(
    d: &'d Diagnostic,
    at: &DiagnosticSpan,
    text: &str,
) -> Option<&'d DiagnosticSpan> {
    let at_span = text.get(at.byte_start as usize..at.byte_end as usize);
    if at_span != Some("delegate") || !d.message.starts_with("method takes 0 generic arguments") {
        return None;
    }
    d.children
        .iter()
        .filter(|c| c.message.starts_with("remove the unnecessary generics"))
        .flat_map(|c| &c.spans)
        .find(|s| {
            s.file_name == at.file_name
                && s.suggested_replacement.as_deref() == Some("")
                && text
                    .get(s.byte_start as usize..s.byte_end as usize)
                    .is_some_and(|t| t.starts_with("::<") && t.ends_with('>'))
        })
}
