//! A pool a function returns inside `Ok`: `fn start() -> Result<Pool, E> { ..; Ok(pool) }` (or `Ok((pool, rx))` of
//! `Result<(Pool, R), E>`), taken back where it is called by `start()?`, `.unwrap()` or `.expect(..)`, or dropped
//! by `.err()`, `.is_ok()`, `.is_err()`. The pool's place in the signature is known, `Ok` is its only constructor
//! and those three hand back the same pool; any other use of such a result, and a pool given to `Ok` or `Err`
//! anywhere else, is refused (`unfollowed-result`).

use std::ops::Range;

use syn::{Expr, ExprCall};

use super::{CallVia, Collector, key};
use crate::analysis::declare::Decls;
use crate::analysis::model::{FnId, NodeId};
use crate::analysis::path_names::PathNames;
use crate::analysis::reasons::Refusal;

/// The Ok shape of a function: `None` for `Result<Pool, E>`, the tuple's `(index, arity)` for `Result<(.., Pool, ..), E>`.
type OkShape = Option<(usize, usize)>;

/// `e?`, `e.unwrap()`, `e.expect(..)`: the `e` whose Ok value they hand back.
pub(super) fn unwrapped(expr: &Expr) -> Option<&Expr> {
    match expr {
        Expr::Try(t) => Some(&t.expr),
        Expr::MethodCall(m) if is_unwrap(m) => Some(&m.receiver),
        _ => None,
    }
}

/// `.err()`, `.is_ok()`, `.is_err()`: they look at a `Result` and drop its Ok value.
pub(super) fn drops_ok(m: &syn::ExprMethodCall) -> bool {
    m.args.is_empty() && matches!(m.method.to_string().as_str(), "err" | "is_ok" | "is_err")
}

/// `.unwrap()` or `.expect(..)`.
pub(super) fn is_unwrap(m: &syn::ExprMethodCall) -> bool {
    (m.method == "unwrap" && m.args.is_empty()) || (m.method == "expect" && m.args.len() == 1)
}

impl Collector<'_> {
    /// What `get` says of every function a call of `name` may mean, when it says the same of each.
    pub(super) fn shape_of<T: Copy + PartialEq>(
        &self,
        name: &str,
        via: &CallVia,
        get: impl Fn(&Decls, &FnId) -> Option<T>,
    ) -> Option<T> {
        let shapes: Vec<_> = self
            .callees(name, via)
            .iter()
            .map(|id| get(self.decls, id))
            .collect();
        let first = (*shapes.first()?)?;
        shapes.iter().all(|s| *s == Some(first)).then_some(first)
    }

    /// The Ok shape of `expr` when it calls (by path or as a method) a function returning its pool inside `Ok`.
    pub(super) fn ok_shape(&self, expr: &Expr) -> Option<OkShape> {
        let ok = |d: &Decls, id: &FnId| d.ok_rets.get(id).copied();
        match expr {
            Expr::Call(call) => {
                let Expr::Path(p) = &*call.func else {
                    return None;
                };
                let names = PathNames::of(&p.path);
                self.shape_of(self.crate_fn(&names)?, &self.path_via(&names), ok)
            }
            Expr::MethodCall(m) => self.shape_of(&m.method.to_string(), &CallVia::Method, ok),
            _ => None,
        }
    }

    /// Notes `inner` of `inner?`, `inner.unwrap()`, `inner.expect(..)`, before `inner` is walked: its Ok value is
    /// handed back.
    pub(super) fn note_unwrapped(&mut self, inner: &Expr) {
        let range = self.range(inner);
        self.unwrapped.insert(key(&range));
    }

    /// Notes `return Ok(..)` outside closures, before the `Ok(..)` is walked: it is the current function's return.
    pub(super) fn note_returned_ok(&mut self, value: &Expr) {
        if self.closures == 0 && matches!(value, Expr::Call(_)) {
            let range = self.range(value);
            self.ok_returns.insert(key(&range));
        }
    }

    /// `Ok(pool)` or `Ok((pool, ..))` that the current function returns (its tail, or a noted `return`), in a
    /// function declared to return its pool inside `Ok`: the pool is what it returns. False for any other call.
    pub(super) fn returned_ok(&mut self, call: &ExprCall) -> bool {
        let Expr::Path(p) = &*call.func else {
            return false;
        };
        let names = PathNames::of(&p.path);
        let Some(f) = self.fns.last() else {
            return false;
        };
        let Some(&shape) = self.decls.ok_rets.get(&f.id) else {
            return false;
        };
        let at = key(&self.range(call));
        let returned = (f.tails.iter().any(|(t, _)| *t == at) && self.closures == 0)
            || self.ok_returns.contains(&at);
        if !returned || !(names.is(&["Ok"]) || names.is(&["Result", "Ok"])) || call.args.len() != 1
        {
            return false;
        }
        let value = &call.args[0];
        match shape {
            None => {
                let ret = f.ret;
                self.accept(value, ret);
                true
            }
            Some(tuple) => self.returned_in_tuple_of(value, tuple),
        }
    }

    /// A call at `range` of a function returning its pool inside `Ok` (`name`, called `via`), whose result is not
    /// taken apart by `?`, `.unwrap()` or `.expect(..)`: the pool may go wherever that `Result` goes.
    pub(super) fn refuse_kept_result(
        &mut self,
        node: NodeId,
        range: Range<usize>,
        name: &str,
        via: &CallVia,
    ) {
        let ok = |d: &Decls, id: &FnId| d.ok_rets.get(id).copied();
        if self.shape_of(name, via, ok).is_none() || self.unwrapped.contains(&key(&range)) {
            return;
        }
        let loc = self.loc(range.start);
        self.facts.refuse(node, loc, Refusal::UNFOLLOWED);
    }
}
