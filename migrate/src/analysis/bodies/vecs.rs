//! Pools kept in a local vector whose element type is written once, `let mut pools: Vec<Pool> = Vec::new();`: every
//! element is one pool group (one type), filled by `pools.push(pool);` and read by `pools[i]`, a `for` over `&pools`,
//! `&mut pools`, `pools.iter()`, `.iter_mut()` or `pools` itself, and the closure of `pools.iter().map(|p| ..)`
//! (`for_each`, `any`, `all`); `.len()`, `.is_empty()` and `.clear()` look at no pool. Any other use of the vector
//! keeps its pools on v2 (see `maps` for the same design over maps of pools).

use std::ops::Range;

use syn::{Expr, ExprMethodCall, Pat, Type};

use super::{Binding, Collector, key};
use crate::analysis::model::{NodeId, StmtCtx};
use crate::analysis::path_names::PathNames;
use crate::analysis::reasons::Refusal;
use crate::analysis::types::vec_pool;

/// Iterator adaptors whose closure gets one element and passes none on.
const ELEMENT_CLOSURES: [&str; 4] = ["map", "for_each", "any", "all"];

impl Collector<'_> {
    /// `let name: Vec<Pool> = Vec::new();` (`Vec::with_capacity(n)`, `vec![]`): binds `name` to the vector, typed at
    /// the `Pool` of its annotation. False for any other `let`.
    pub(super) fn vec_let(&mut self, named: &syn::Ident, ty: &Type, init: &Expr) -> bool {
        let Some(at) = vec_pool(self.names, self.source, ty) else {
            return false;
        };
        if !is_empty_vec(init) {
            return false;
        }
        let node = self.facts.node(self.loc(at.name_start));
        self.pool_type_site(node, at);
        self.bind(named, Binding::PoolVec(node));
        true
    }

    /// The vector of pools `expr` names (`pools`, `&pools`, `&mut pools`): its node and the range of its name.
    fn vec_of(&self, expr: &Expr) -> Option<(NodeId, Range<usize>)> {
        match expr {
            Expr::Reference(r) => self.vec_of(&r.expr),
            Expr::Paren(p) => self.vec_of(&p.expr),
            Expr::Path(p) if p.qself.is_none() => {
                let ident = p.path.get_ident()?.to_string();
                match self.lookup(&ident, self.range(p).start)? {
                    Binding::PoolVec(node) => Some((node, self.range(p))),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `pools[i]`: one of the vector's pools, and the range it is read from.
    pub(super) fn vec_value(&self, expr: &Expr) -> Option<(NodeId, Range<usize>)> {
        let Expr::Index(i) = expr else {
            return None;
        };
        Some((self.vec_of(&i.expr)?.0, self.range(expr)))
    }

    /// `pools[i]`: a pool read from the vector, followed where it goes.
    pub(super) fn vec_index(&mut self, i: &syn::ExprIndex) {
        if let Some((node, root)) = self.vec_of(&i.expr) {
            self.vec_accounted.insert(key(&root));
            self.occurrences.push((node, self.range(i)));
        }
    }

    /// A method called on the vector, or an element closure on its `.iter()`: true when it is a form this tool
    /// follows (its arguments are then not passed to an unknown function).
    pub(super) fn vec_method(&mut self, m: &ExprMethodCall) -> bool {
        if self.vec_closure(m) {
            return true;
        }
        let Some((node, root)) = self.vec_of(&m.receiver) else {
            return false;
        };
        let statement = self
            .stmt_ctx
            .get(&key(&self.range(m)))
            .is_some_and(|(ctx, _)| *ctx == StmtCtx::Semi);
        match (m.method.to_string().as_str(), m.args.len()) {
            ("push", 1) if statement => {
                self.accept(&m.args[0], Some(node));
            }
            ("len" | "is_empty" | "clear", 0) => {}
            // `pools.iter().map(|p| ..)`: accounted by `vec_closure`, which sees the adaptor first.
            ("iter" | "iter_mut", 0) => return self.vec_accounted.contains(&key(&root)),
            _ => return false,
        }
        self.vec_accounted.insert(key(&root));
        true
    }

    /// `pools.iter().map(|p| ..)` (`.iter_mut()`, `for_each`, `any`, `all`): `p` is one of the vector's pools.
    fn vec_closure(&mut self, m: &ExprMethodCall) -> bool {
        let (Expr::MethodCall(iter), Some(Expr::Closure(c)), 1) =
            (&*m.receiver, m.args.first(), m.args.len())
        else {
            return false;
        };
        if !ELEMENT_CLOSURES.contains(&m.method.to_string().as_str())
            || !matches!(iter.method.to_string().as_str(), "iter" | "iter_mut")
            || !iter.args.is_empty()
        {
            return false;
        }
        let (Some((node, root)), Some(Pat::Ident(p)), 1) = (
            self.vec_of(&iter.receiver),
            c.inputs.first(),
            c.inputs.len(),
        ) else {
            return false;
        };
        if p.subpat.is_some() || p.by_ref.is_some() {
            return false;
        }
        self.vec_accounted.insert(key(&root));
        self.bind(&p.ident, Binding::Pool(node));
        true
    }

    /// `for p in &pools` (`&mut pools`, `pools.iter()`, `pools.iter_mut()`, `pools`): `p` is one of its pools.
    pub(super) fn vec_loop(&mut self, f: &syn::ExprForLoop) {
        let base = match &*f.expr {
            Expr::MethodCall(m)
                if m.args.is_empty()
                    && matches!(m.method.to_string().as_str(), "iter" | "iter_mut") =>
            {
                &*m.receiver
            }
            other => other,
        };
        let Pat::Ident(p) = &*f.pat else {
            return;
        };
        if p.subpat.is_some() || p.by_ref.is_some() {
            return;
        }
        if let Some((node, root)) = self.vec_of(base) {
            self.vec_accounted.insert(key(&root));
            self.bind(&p.ident, Binding::Pool(node));
        }
    }

    /// Refuses the vector's pools at each use of it no followed form accounted for.
    pub(super) fn refuse_vec_uses(&mut self) {
        for (node, range, vector) in std::mem::take(&mut self.vec_uses) {
            if !self.vec_accounted.contains(&key(&range)) {
                let loc = self.loc(range.start);
                self.facts.refuse(node, loc, Refusal::VecOfPools { vector });
            }
        }
    }
}

/// `Vec::new()`, `Vec::with_capacity(n)` or `vec![]`: a vector with no element yet.
fn is_empty_vec(init: &Expr) -> bool {
    match init {
        Expr::Call(c) => match &*c.func {
            Expr::Path(p) => matches!(
                (PathNames::of(&p.path).last_two().as_slice(), c.args.len()),
                (["Vec", "new"], 0) | (["Vec", "with_capacity"], 1)
            ),
            _ => false,
        },
        Expr::Macro(m) => m.mac.path.is_ident("vec") && m.mac.tokens.is_empty(),
        _ => false,
    }
}
