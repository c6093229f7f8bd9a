//! Workers kept as values: a 2.x `Worker` stored in a field or an `Option`, cloned, returned or passed to another
//! function, then added and removed through what was kept. 3.x has no worker value (add_worker takes the closure and
//! returns a `WorkerHandle`), so each such worker becomes what 2.x's was, written out: its function shared through an
//! `Arc`, and the handles of its running instances, newest last, shared as 2.x's clones shared one identity:
//! `(Arc<dyn Fn(T) + Send + Sync>, Arc<Mutex<Vec<WorkerHandle>>>)`. Every site is rewritten by what it is (a
//! `Worker` type, a `Worker::new`, an add, a remove), not by where the worker came from; the compiler checks the
//! result (a pool is kept this way only when the output is checked).

use std::ops::Range;

use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Expr, Stmt};

use super::reasons::Refusal;
use crate::edit::Edit;
use crate::source::Source;

/// Whether a refusal says only that the syntax does not follow where a worker goes: with its workers kept, the
/// pool's rewrite does not need to know.
pub fn kept_answers(refusal: &Refusal) -> bool {
    *refusal == Refusal::UNFOLLOWED_WORKER
}

/// Where a kept worker keeps the handles of its running instances.
const HANDLES: &str = "std::sync::Arc<std::sync::Mutex<Vec<workerpool::WorkerHandle>>>";

/// The type a kept worker of job type `job` is written as.
pub fn kept_type(job: &str) -> String {
    format!("(std::sync::Arc<dyn Fn({job}) + Send + Sync>, {HANDLES})")
}

/// `Worker::new(f)` (bytes `call`, `f` at `func`) as a kept worker: its function shared, no instance running yet. The
/// job type is the function's (a closure's written parameter type, or the compiler's inference from its uses).
pub fn new_edits(call: &Range<usize>, func: &Range<usize>) -> [Edit; 2] {
    let handles = HANDLES.replacen("std::sync::Arc<", "std::sync::Arc::<", 1);
    [
        Edit::replace(call.start..func.start, "(std::sync::Arc::new("),
        Edit::replace(
            func.end..call.end,
            format!(") as std::sync::Arc<dyn Fn(_) + Send + Sync>, {handles}::default())"),
        ),
    ]
}

/// A call `Worker::new(f)` (any path ending in `::new` with one argument), by its bytes.
pub struct NewCall {
    /// Bytes of the path (`Worker::new`, `workerpool::Worker::new`).
    pub path: Range<usize>,
    /// Bytes of the call.
    pub call: Range<usize>,
    /// Bytes of `f`.
    pub func: Range<usize>,
}

/// Every call of a file that may be a `Worker::new(f)`: the name uses of `Worker` say which are (the one inside
/// `path`), wherever the walk followed the worker or not.
pub fn new_calls(source: &Source, file: &syn::File) -> Vec<NewCall> {
    struct Scan<'s> {
        source: &'s Source,
        calls: Vec<NewCall>,
    }
    impl<'ast> Visit<'ast> for Scan<'_> {
        fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
            if let Expr::Path(p) = &*c.func
                && p.path.segments.len() >= 2
                && p.path.segments.last().is_some_and(|s| s.ident == "new")
                && c.args.len() == 1
            {
                self.calls.push(NewCall {
                    path: self.source.range(p.span()),
                    call: self.source.range(c.span()),
                    func: self.source.range(c.args[0].span()),
                });
            }
            syn::visit::visit_expr_call(self, c);
        }
    }
    let mut scan = Scan {
        source,
        calls: Vec::new(),
    };
    scan.visit_file(file);
    scan.calls
}

/// An add or remove statement of a kept worker.
struct Call {
    remove: bool,
    /// Bytes of the method call.
    call: Range<usize>,
    /// Where its method's name starts.
    method: usize,
    /// Bytes of its receiver.
    receiver: Range<usize>,
    /// Bytes of its argument.
    arg: Range<usize>,
    /// Bytes of the call with its `?`, `.unwrap()`, `.expect(..)` or `.map_err(..)`.
    outer: Range<usize>,
}

/// The edits of every `x.add_worker(w)` / `x.remove_worker(w)` statement of a file (`;` after it, or `let _ = ..;`,
/// with `?`, `.unwrap()`, `.expect(..)` or `.map_err(..)`), whatever `x` and `w` are, but those `left` says stay (by
/// the call's bytes and where its method's name starts): the workers the walk follows to a pool of their own, and the
/// calls on pools that stay on v2.
pub fn call_edits(
    source: &Source,
    file: &syn::File,
    left: &dyn Fn(&Range<usize>, usize) -> bool,
) -> Vec<Edit> {
    struct Scan<'s> {
        source: &'s Source,
        calls: Vec<Call>,
    }
    impl Scan<'_> {
        fn statement(&mut self, outer: &Expr) {
            let mut inner = outer;
            loop {
                match inner {
                    Expr::Try(t) => inner = &t.expr,
                    // 2.x's add and remove always return Ok(()): an error's conversion never runs.
                    Expr::MethodCall(m)
                        if matches!(
                            m.method.to_string().as_str(),
                            "unwrap" | "expect" | "map_err"
                        ) =>
                    {
                        inner = &m.receiver
                    }
                    _ => break,
                }
            }
            if let Expr::MethodCall(m) = inner
                && m.args.len() == 1
                && (m.method == "add_worker" || m.method == "remove_worker")
            {
                self.calls.push(Call {
                    remove: m.method == "remove_worker",
                    call: self.source.range(m.span()),
                    method: self.source.range(m.method.span()).start,
                    receiver: self.source.range(m.receiver.span()),
                    arg: self.source.range(m.args[0].span()),
                    outer: self.source.range(outer.span()),
                });
            }
        }
    }
    impl<'ast> Visit<'ast> for Scan<'_> {
        fn visit_stmt(&mut self, stmt: &'ast Stmt) {
            match stmt {
                Stmt::Expr(e, Some(_)) => self.statement(e),
                Stmt::Local(l) if matches!(l.pat, syn::Pat::Wild(_)) => {
                    if let Some(init) = &l.init {
                        self.statement(&init.expr);
                    }
                }
                _ => {}
            }
            syn::visit::visit_stmt(self, stmt);
        }
    }
    let mut scan = Scan {
        source,
        calls: Vec::new(),
    };
    scan.visit_file(file);
    scan.calls
        .iter()
        .filter(|c| !left(&c.call, c.method))
        .flat_map(|c| call(c, &source.text))
        .collect()
}

/// `pool.add_worker(&w)?` becomes `w.1.lock().unwrap().push(pool.add_worker({ let work = Arc::clone(&w.0); move
/// |job| work(job) }))`; `pool.remove_worker(&w)?` removes the newest of `w`'s handles that is a worker of `pool`
/// (2.x stopped the most recently added running instance in that pool, also when `w` runs in several pools). An
/// argument other than a place
/// (`&helper()`, `&Worker::new(f)`) is evaluated once, first, in a block, its bytes left where they are (they may
/// have edits of their own); the receiver is written after it.
fn call(c: &Call, text: &str) -> Vec<Edit> {
    let arg = text[c.arg.clone()].trim();
    let place = arg.strip_prefix('&').unwrap_or(arg).trim();
    let simple = place
        .split('.')
        .all(|p| !p.is_empty() && p.chars().all(|ch| ch.is_alphanumeric() || ch == '_'));
    // A new running instance of the kept worker `base`: a closure that calls its shared function.
    let work = |base: &str| {
        format!("{{ let work = std::sync::Arc::clone(&{base}.0); move |job| work(job) }}")
    };
    let add = |base: &str| {
        let receiver = &text[c.receiver.clone()];
        format!(
            "{base}.1.lock().unwrap().push({receiver}.add_worker({}))",
            work(base)
        )
    };
    let remove = |base: &str| {
        let receiver = &text[c.receiver.clone()];
        // The receiver is evaluated once, first; its binding must not hide a name `base` uses.
        let mut pool = String::from("pool");
        while base
            .split(|ch: char| !ch.is_alphanumeric() && ch != '_')
            .any(|w| w == pool)
        {
            pool.push('_');
        }
        format!(
            "{{ let {pool} = &{receiver}; let mut handles = {base}.1.lock().unwrap(); if let Some(newest) = handles.iter().rposition(|h| h.is_worker_of({pool})) {{ handles.remove(newest).remove(); }} }}"
        )
    };
    if simple && c.remove {
        return vec![Edit::replace(c.outer.clone(), remove(place))];
    }
    if simple {
        // The receiver's bytes stay where they are.
        return vec![
            Edit::insert(c.outer.start, format!("{place}.1.lock().unwrap().push(")),
            Edit::replace(c.arg.clone(), work(place)),
            Edit::replace(c.call.end..c.outer.end, ")"),
        ];
    }
    // A statement, not a tail: the block's temporaries (the lock's guard) go before `kept` does.
    let body = if c.remove {
        remove("kept")
    } else {
        add("kept")
    };
    vec![
        Edit::replace(c.outer.start..c.arg.start, "{ let kept = "),
        Edit::replace(c.arg.end..c.outer.end, format!("; {body}; }}")),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(text: &str, call_text: &str, outer_text: &str, remove: bool) -> String {
        let outer_start = text.find(outer_text).unwrap();
        let call_start = text.find(call_text).unwrap();
        let open = call_start + call_text.find('(').unwrap() + 1;
        let close = call_start + call_text.rfind(')').unwrap();
        let method = if remove {
            ".remove_worker"
        } else {
            ".add_worker"
        };
        let c = Call {
            remove,
            call: call_start..call_start + call_text.len(),
            method: call_start,
            receiver: call_start..call_start + call_text.rfind(method).unwrap(),
            arg: open..close,
            outer: outer_start..outer_start + outer_text.len(),
        };
        crate::edit::apply(text, call(&c, text)).unwrap()
    }

    /// `text` (a file) with every add and remove statement rewritten.
    fn every_call_rewritten(text: &str) -> String {
        let source =
            Source::from_bytes(std::path::Path::new("lib.rs"), text.as_bytes().to_vec()).unwrap();
        let file = source.parse().unwrap();
        crate::edit::apply(text, call_edits(&source, &file, &|_, _| false)).unwrap()
    }

    #[test]
    fn adds_keep_the_handle_in_the_worker_and_removes_take_the_newest_of_that_pool() {
        let text = "fn f() { self.pool.add_worker(&self.worker)?; }";
        assert_eq!(
            rewritten(
                text,
                "self.pool.add_worker(&self.worker)",
                "self.pool.add_worker(&self.worker)?",
                false
            ),
            "fn f() { self.worker.1.lock().unwrap().push(self.pool.add_worker({ let work = std::sync::Arc::clone(&self.worker.0); move |job| work(job) })); }"
        );
        let text = "fn f() { pool.remove_worker(worker).unwrap(); }";
        assert_eq!(
            rewritten(
                text,
                "pool.remove_worker(worker)",
                "pool.remove_worker(worker).unwrap()",
                true
            ),
            "fn f() { { let pool = &pool; let mut handles = worker.1.lock().unwrap(); if let Some(newest) = handles.iter().rposition(|h| h.is_worker_of(pool)) { handles.remove(newest).remove(); } }; }"
        );
    }

    #[test]
    fn every_add_and_remove_statement_is_found_whatever_its_receiver() {
        let text = "fn f(s: &S, w: &Worker) {\n    s.pools[0].add_worker(w)?;\n    let _ = pool().remove_worker(&s.w);\n    s.pool.add_worker(w).expect(\"x\");\n    let n = p.add_worker(w);\n}\n";
        let new = every_call_rewritten(text);
        assert_eq!(
            new,
            "fn f(s: &S, w: &Worker) {\n    w.1.lock().unwrap().push(s.pools[0].add_worker({ let work = std::sync::Arc::clone(&w.0); move |job| work(job) }));\n    let _ = { let pool = &pool(); let mut handles = s.w.1.lock().unwrap(); if let Some(newest) = handles.iter().rposition(|h| h.is_worker_of(pool)) { handles.remove(newest).remove(); } };\n    w.1.lock().unwrap().push(s.pool.add_worker({ let work = std::sync::Arc::clone(&w.0); move |job| work(job) }));\n    let n = p.add_worker(w);\n}\n"
        );
    }

    #[test]
    fn a_map_err_on_an_add_or_remove_goes_with_it() {
        // 2.x's add_worker and remove_worker always return Ok(()), so the error's conversion never ran.
        let text = "fn f() {\n    pool().add_worker(&worker).map_err(ScrapeError::from)?;\n    p.remove_worker(&w).map_err(|e| E::Pool { e })?;\n}\n";
        let new = every_call_rewritten(text);
        assert_eq!(
            new,
            "fn f() {\n    worker.1.lock().unwrap().push(pool().add_worker({ let work = std::sync::Arc::clone(&worker.0); move |job| work(job) }));\n    { let pool = &p; let mut handles = w.1.lock().unwrap(); if let Some(newest) = handles.iter().rposition(|h| h.is_worker_of(pool)) { handles.remove(newest).remove(); } };\n}\n"
        );
    }

    #[test]
    fn an_argument_that_is_not_a_place_is_evaluated_once() {
        let text = "fn f() { pool.add_worker(&ledger.worker()).unwrap(); }";
        assert_eq!(
            rewritten(
                text,
                "pool.add_worker(&ledger.worker())",
                "pool.add_worker(&ledger.worker()).unwrap()",
                false
            ),
            "fn f() { { let kept = &ledger.worker(); kept.1.lock().unwrap().push(pool.add_worker({ let work = std::sync::Arc::clone(&kept.0); move |job| work(job) })); }; }"
        );
    }
}
