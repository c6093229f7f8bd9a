//! A closure bound by `let` whose parameters are typed as pools, used as a small helper:
//! `let submit = |p: &Pool, n: u32| p.delegate(n).unwrap();` called as `submit(&pool, 4)`. Each pool parameter is a
//! place, as a function's is, typed where it writes `Pool`; the closure must only be called by its name, so that
//! every pool it is given is one the walk sees.

use syn::{ExprCall, ExprClosure, Pat};

use super::{Binding, Collector};
use crate::analysis::model::NodeId;
use crate::analysis::reasons::Refusal;
use crate::analysis::scope_tree::BindingId;
use crate::analysis::types::pool_type;

/// A `let` closure with at least one parameter typed as a pool.
pub(super) struct PoolClosure {
    /// The local's name.
    name: String,
    /// Its parameters' places, by position (None: not a pool).
    params: Vec<Option<NodeId>>,
    /// Where the local is bound.
    at: usize,
    /// How many calls of it by name the walk saw.
    calls: usize,
}

impl Collector<'_> {
    /// `let name = |p: &Pool, ..| ..;`: makes a place for each pool parameter and binds it, before the body is walked.
    pub(super) fn pool_closure_let(&mut self, named: &syn::Ident, c: &ExprClosure) {
        let mut params = Vec::new();
        for input in &c.inputs {
            let param = match input {
                Pat::Type(t) => match (&*t.pat, pool_type(self.names, self.source, &t.ty)) {
                    (Pat::Ident(p), Some(at)) if p.subpat.is_none() => {
                        let node = self.facts.node(self.loc(at.name_start));
                        self.pool_type_site(node, at);
                        self.bind(&p.ident, Binding::Pool(node));
                        Some(node)
                    }
                    _ => None,
                },
                _ => None,
            };
            params.push(param);
        }
        let at = self.source.range(named.span()).start;
        if params.iter().any(Option::is_some)
            && let Some(id) = self.tree.binding_at(at)
        {
            let name = named.to_string();
            let closure = PoolClosure {
                name,
                params,
                at,
                calls: 0,
            };
            self.pool_closures.insert(id, closure);
        }
    }

    /// `submit(&pool, 4)` of such a closure: each pool argument flows into its parameter. False for any other call.
    pub(super) fn pool_closure_call(&mut self, call: &ExprCall) -> bool {
        let syn::Expr::Path(p) = &*call.func else {
            return false;
        };
        let Some(ident) = p.path.get_ident().filter(|_| p.qself.is_none()) else {
            return false;
        };
        let Some(id) = self.tree.resolve(&ident.to_string(), self.range(p).start) else {
            return false;
        };
        let Some(closure) = self.pool_closures.get_mut(&id) else {
            return false;
        };
        closure.calls += 1;
        let (name, params) = (closure.name.clone(), closure.params.clone());
        for (index, arg) in call.args.iter().enumerate() {
            match params.get(index).copied().flatten() {
                Some(param) => {
                    self.accept(arg, Some(param));
                }
                None if self.classify(arg).is_some() => {
                    let function = name.clone();
                    self.refuse_flow(arg, Refusal::UnfollowedArgument { function });
                }
                None => {}
            }
        }
        true
    }

    /// Refuses the pool parameters of a closure that is used other than by calls of its name (passed on, stored):
    /// whoever calls it then may give it pools the walk does not see.
    pub(super) fn refuse_pool_closure_uses(&mut self) {
        let closures: Vec<(BindingId, PoolClosure)> = self.pool_closures.drain().collect();
        for (id, closure) in closures {
            let reads = self.binding_reads.get(&id).copied().unwrap_or(0);
            if reads == closure.calls {
                continue;
            }
            let loc = self.loc(closure.at);
            for node in closure.params.iter().flatten() {
                let reason = Refusal::PoolClosureUsedOtherwise {
                    closure: closure.name.clone(),
                };
                self.facts.refuse(*node, loc, reason);
            }
        }
    }
}
