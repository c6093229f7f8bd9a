//! A pool carried in a tuple a function returns: `fn start() -> (Pool, Receiver<T>) { ..; (pool, rx) }`, and
//! `let (pool, rx) = start();` where it is called. A tuple is as plain a carrier as `Arc`: the element at the pool's
//! position in the signature is the function's returned pool.

use syn::visit::Visit;
use syn::{Expr, Pat};

use super::{Binding, CallVia, Collector};
use crate::analysis::path_names::PathNames;

impl Collector<'_> {
    /// The pool's index and the arity of the tuple the current function returns, if it returns one with a pool.
    fn returned_tuple(&self) -> Option<(usize, usize)> {
        let f = self.fns.last()?;
        self.decls.tuple_rets.get(&f.id).copied()
    }

    /// The function's tail (or a `return`ed value) `(.., pool, ..)`: its element at the pool's position is what the
    /// function returns. Returns false when the value is not such a tuple.
    pub(super) fn returned_in_tuple(&mut self, value: &Expr) -> bool {
        let (Some((index, arity)), Expr::Tuple(t)) = (self.returned_tuple(), value) else {
            return false;
        };
        if t.elems.len() != arity {
            return false;
        }
        let ret = self.fns.last().and_then(|f| f.ret);
        self.accept(&t.elems[index], ret);
        true
    }

    /// `let (.., pool, ..) = f(..);` of a function returning a tuple with a pool: binds `pool` to what it returns.
    /// Returns false for any other `let`.
    pub(super) fn tuple_let(&mut self, pat: &Pat, init: &Expr) -> bool {
        let (Pat::Tuple(t), Expr::Call(call)) = (pat, init) else {
            return false;
        };
        let Expr::Path(p) = &*call.func else {
            return false;
        };
        let names = PathNames::of(&p.path);
        let via: CallVia = self.path_via(&names);
        let Some(name) = names.plain_fn() else {
            return false;
        };
        let shapes: Vec<_> = self
            .callees(name, &via)
            .iter()
            .map(|id| self.decls.tuple_rets.get(id).copied())
            .collect();
        let Some(Some((index, arity))) = shapes.first().copied() else {
            return false;
        };
        let same = shapes.iter().all(|s| *s == Some((index, arity)));
        let Some(Pat::Ident(bound)) = t.elems.iter().nth(index) else {
            return false;
        };
        if !same || t.elems.len() != arity || bound.subpat.is_some() || bound.by_ref.is_some() {
            return false;
        }
        self.visit_expr(init);
        let Some(node) = self.accept(init, None) else {
            return false;
        };
        self.bind(&bound.ident, Binding::Pool(node));
        true
    }
}
