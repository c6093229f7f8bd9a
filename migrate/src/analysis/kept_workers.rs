//! Workers kept as values: a 2.x `Worker` stored in a field or an `Option`, cloned, returned or passed to another
//! function, then added and removed through what was kept. 3.x's value for it is `workerpool::SharedWorker<T>` (one
//! function, run as any number of workers in any number of pools; clones share it): `Worker::new(f)` becomes
//! `SharedWorker::new(f)`, `pool.add_worker(&w)?` becomes `pool.add_shared_worker(&w)` and `pool.remove_worker(&w)?`
//! `pool.remove_shared_worker(&w)` (the newest of its workers in that pool, as 2.x removed the newest instance). Every
//! site is rewritten by what it is (a `Worker` type, a `Worker::new`, an add, a remove), not by where the worker came
//! from; the compiler checks the result (a pool is kept this way only when the output is checked).

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

/// The type a kept worker of job type `job` is written as.
pub fn kept_type(job: &str) -> String {
    format!("workerpool::SharedWorker<{job}>")
}

/// Whether `edit` writes a kept worker at the top level of the file of `names`, where an import can name it.
pub fn top_site(names: &super::names::Names, edit: &Edit) -> bool {
    edit.text.starts_with("workerpool::SharedWorker")
        && names.module_index(edit.range.start) == Some(0)
}

/// Writes the kept-worker sites of `edits` at the top level of the file of `names` with the bare name `SharedWorker`,
/// which the file's rewritten import brings in.
pub fn bare(names: &super::names::Names, edits: &mut [Edit]) {
    for edit in edits.iter_mut().filter(|e| top_site(names, e)) {
        edit.text.replace_range(.."workerpool::".len(), "");
    }
}

/// `Worker::new(f)` (bytes `call`, `f` at `func`) as a kept worker, no worker running yet. The job type is the
/// function's (a closure's written parameter type, or the compiler's inference from its uses).
pub fn new_edits(call: &Range<usize>, func: &Range<usize>) -> [Edit; 1] {
    [Edit::replace(
        call.start..func.start,
        "workerpool::SharedWorker::new(",
    )]
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
    /// Bytes of the call with its `?`, `.unwrap()`, `.expect(..)` or `.map_err(..)`.
    outer: Range<usize>,
    /// For an add that is a `try_for_each` closure's body: the bytes of `try_for_each`, and of what the statement
    /// wraps the chain in (its `?`, `.unwrap()`, ..).
    chain: Option<(Range<usize>, Range<usize>)>,
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
            // `ws.iter().try_for_each(|w| pool.add_worker(w))?`: 3.x's add returns nothing to stop on, so the
            // chain is a `for_each`, without the `?`.
            let mut chain = None;
            if let Expr::MethodCall(tfe) = inner
                && tfe.method == "try_for_each"
                && let Some(Expr::Closure(c)) = tfe.args.first()
            {
                let wrapper =
                    self.source.range(tfe.span()).end..self.source.range(outer.span()).end;
                chain = Some((self.source.range(tfe.method.span()), wrapper));
                inner = &c.body;
            }
            if let Expr::MethodCall(m) = inner
                && m.args.len() == 1
                && (m.method == "add_worker" || m.method == "remove_worker")
            {
                let call = self.source.range(m.span());
                self.calls.push(Call {
                    remove: m.method == "remove_worker",
                    method: self.source.range(m.method.span()).start,
                    outer: match chain {
                        Some(_) => call.clone(),
                        None => self.source.range(outer.span()),
                    },
                    call,
                    chain,
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

/// `pool.add_worker(&w)?` becomes `pool.add_shared_worker(&w)` and `pool.remove_worker(&w)?`
/// `pool.remove_shared_worker(&w)`: the method is renamed, and the `?`, `.unwrap()`, `.expect(..)` or `.map_err(..)`
/// after it goes (2.x's add and remove always returned `Ok(())`); the receiver's and argument's bytes stay where
/// they are (they may have edits of their own).
fn call(c: &Call, text: &str) -> Vec<Edit> {
    let name = &text[c.method..];
    let len = name
        .find(|ch: char| !ch.is_alphanumeric() && ch != '_')
        .unwrap_or(name.len());
    let method = if c.remove {
        "remove_shared_worker"
    } else {
        "add_shared_worker"
    };
    let mut edits = vec![
        Edit::replace(c.method..c.method + len, method),
        Edit::replace(c.call.end..c.outer.end, ""),
    ];
    if let Some((try_for_each, wrapper)) = &c.chain {
        edits.push(Edit::replace(try_for_each.clone(), "for_each"));
        edits.push(Edit::delete(wrapper.clone()));
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` (a file) with every add and remove statement rewritten.
    fn every_call_rewritten(text: &str) -> String {
        let source =
            Source::from_bytes(std::path::Path::new("lib.rs"), text.as_bytes().to_vec()).unwrap();
        let file = source.parse().unwrap();
        crate::edit::apply(text, call_edits(&source, &file, &|_, _| false)).unwrap()
    }

    #[test]
    fn every_add_and_remove_statement_is_found_whatever_its_receiver_and_argument() {
        let text = "fn f(s: &S, w: &Worker) {\n    s.pools[0].add_worker(w)?;\n    let _ = pool().remove_worker(&s.w);\n    s.pool.add_worker(w).expect(\"x\");\n    pool.add_worker(&ledger.worker()).unwrap();\n    let n = p.add_worker(w);\n}\n";
        assert_eq!(
            every_call_rewritten(text),
            "fn f(s: &S, w: &Worker) {\n    s.pools[0].add_shared_worker(w);\n    let _ = pool().remove_shared_worker(&s.w);\n    s.pool.add_shared_worker(w);\n    pool.add_shared_worker(&ledger.worker());\n    let n = p.add_worker(w);\n}\n"
        );
    }
}
