//! A pool a function returns inside `Ok`: `fn start() -> Result<Pool, E> { ..; Ok(pool) }` (or `Ok((pool, rx))` of
//! `Result<(Pool, R), E>`): the pool's place in the signature is known and `Ok` is its only constructor. Where a
//! caller takes it (`start()?`, `.unwrap()`) is not followed: a `Use` question, which the check of the output (and
//! its renaming of `workers_num`) answers.

use std::ops::Range;

use syn::{Expr, ExprCall};

use super::{CallVia, Collector, key};
use crate::analysis::declare::Decls;
use crate::analysis::model::{FnId, NodeId};
use crate::analysis::path_names::PathNames;
use crate::analysis::reasons::Refusal;

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

    /// A call at `range` of a function returning its pool inside `Ok` (`name`, called `via`): where the pool goes
    /// from there (`?`, `.unwrap()`, a `match`) is a use the walk does not follow, which the check judges.
    pub(super) fn refuse_kept_result(
        &mut self,
        node: NodeId,
        range: Range<usize>,
        name: &str,
        via: &CallVia,
    ) {
        let ok = |d: &Decls, id: &FnId| d.ok_rets.get(id).copied();
        if self.shape_of(name, via, ok).is_none() {
            return;
        }
        let loc = self.loc(range.start);
        self.facts.refuse(node, loc, Refusal::UNFOLLOWED);
    }
}
