//! Pools kept in a map field, `pools: BTreeMap<String, Pool>`: every value is one pool group (one type), filled by
//! `self.pools.insert(key, pool);` and read by `self.pools[key]`, `.get(..)`, `.get_mut(..)`, `.remove(..)` and a
//! `for` over its values, also behind a lock (`Mutex<BTreeMap<String, Pool>>`, through `.lock().unwrap()` or a local
//! bound to it); any other use of the map keeps its pools on v2.

use std::ops::Range;

use syn::{Expr, ExprMethodCall, Pat};

use super::flow::is_lock_access;
use super::{Binding, Collector, key, results};
use crate::analysis::model::{NodeId, StmtCtx};
use crate::analysis::reasons::Refusal;

impl Collector<'_> {
    /// The map of pools `expr` reads: the field (`self.pools`), the field through its lock (`self.pools.lock().unwrap()`
    /// of a `Mutex<BTreeMap<K, Pool>>`), or a local bound to one of these: its node, the field's (or local's) name,
    /// and the range of that field or local, the use a followed form accounts for.
    pub(super) fn map_field(&mut self, expr: &Expr) -> Option<(NodeId, String, Range<usize>)> {
        match expr {
            Expr::Field(f) => {
                let syn::Member::Named(ident) = &f.member else {
                    return None;
                };
                let name = ident.to_string();
                if !self.decls.map_fields.contains(&name) {
                    return None;
                }
                Some((self.field_node(&f.base, &name)?, name, self.range(f)))
            }
            Expr::MethodCall(m) if is_lock_access(m) || results::is_unwrap(m) => {
                self.map_field(&m.receiver)
            }
            Expr::Reference(r) => self.map_field(&r.expr),
            Expr::Paren(p) => self.map_field(&p.expr),
            Expr::Path(p) if p.qself.is_none() => {
                let ident = p.path.get_ident()?.to_string();
                match self.lookup(&ident, self.range(p).start)? {
                    Binding::PoolMap(node) => Some((node, ident, self.range(p))),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `let pools = self.pools.lock().unwrap();` (or `&self.pools`): the local is the map, its uses followed as the
    /// field's are. False when `init` is no map of pools.
    pub(super) fn map_let(&mut self, named: &syn::Ident, init: &Expr) -> bool {
        let Some((node, _, root)) = self.map_field(init) else {
            return false;
        };
        self.map_accounted.insert(key(&root));
        self.bind(named, Binding::PoolMap(node));
        true
    }

    /// `map[key]`, `map.get(key)`, `map.get_mut(key)`, `map.remove(key)`: one of the map's pools (or an `Option` of
    /// it), and the range it is read from.
    pub(super) fn map_value(&mut self, expr: &Expr) -> Option<(NodeId, Range<usize>)> {
        let node = match expr {
            Expr::Index(i) => self.map_field(&i.expr)?.0,
            Expr::MethodCall(m)
                if matches!(m.method.to_string().as_str(), "get" | "get_mut" | "remove")
                    && m.args.len() == 1 =>
            {
                self.map_field(&m.receiver)?.0
            }
            _ => return None,
        };
        Some((node, self.range(expr)))
    }

    /// A use of the map field `f`, refused at the end of the walk unless one of the followed forms accounts for it.
    pub(super) fn map_use(&mut self, f: &syn::ExprField) -> bool {
        let Some((node, field, _)) = self.map_field(&Expr::Field(f.clone())) else {
            return false;
        };
        if self.decls.plain_fields.contains(&field) {
            let loc = self.loc(self.range(f).start);
            self.facts.refuse(
                node,
                loc,
                Refusal::MapFieldNameShared {
                    field: field.clone(),
                },
            );
        }
        self.map_uses.push((node, self.range(f), field));
        true
    }

    /// `map[key]`: a pool read from the map, followed where it goes.
    pub(super) fn map_index(&mut self, i: &syn::ExprIndex) {
        if let Some((node, range)) = self.map_value(&Expr::Index(i.clone()))
            && let Some((_, _, root)) = self.map_field(&i.expr)
        {
            self.map_accounted.insert(key(&root));
            self.occurrences.push((node, range));
        }
    }

    /// A method called on the map: true when it is one this tool follows (its arguments are then not passed to an
    /// unknown function).
    pub(super) fn map_method(&mut self, m: &ExprMethodCall) -> bool {
        let Some((node, _, root)) = self.map_field(&m.receiver) else {
            return false;
        };
        let receiver = key(&root);
        let statement = self
            .stmt_ctx
            .get(&key(&self.range(m)))
            .is_some_and(|(ctx, _)| *ctx == StmtCtx::Semi);
        match (m.method.to_string().as_str(), m.args.len()) {
            // Its old value, an `Option<Pool>`, is dropped: the statement form only.
            ("insert", 2) if statement => {
                self.accept(&m.args[1], Some(node));
            }
            ("get" | "get_mut" | "remove", 1) => {
                let range = self.range(m);
                if statement {
                    self.accounted.insert(key(&range));
                } else {
                    self.occurrences.push((node, range));
                }
            }
            ("contains_key", 1) | ("len" | "is_empty" | "keys" | "clear", 0) => {}
            // `for p in map.values()`: accounted by `map_loop`.
            ("values" | "values_mut" | "iter" | "iter_mut", 0) => {
                return self.map_accounted.contains(&receiver);
            }
            _ => return false,
        }
        self.map_accounted.insert(receiver);
        true
    }

    /// `for p in map.values()` (`.values_mut()`), `for (k, p) in map.iter()` (`.iter_mut()`, `&map`, `&mut map`):
    /// `p` is one of the map's pools.
    pub(super) fn map_loop(&mut self, f: &syn::ExprForLoop) {
        let (base, values) = match &*f.expr {
            Expr::MethodCall(m) if m.args.is_empty() => match m.method.to_string().as_str() {
                "values" | "values_mut" => (&*m.receiver, true),
                "iter" | "iter_mut" => (&*m.receiver, false),
                _ => return,
            },
            Expr::Reference(r) => (&*r.expr, false),
            _ => return,
        };
        let pat = match (&*f.pat, values) {
            (Pat::Ident(p), true) => p,
            (Pat::Tuple(t), false) => match t.elems.iter().collect::<Vec<_>>()[..] {
                [_, Pat::Ident(p)] => p,
                _ => return,
            },
            _ => return,
        };
        if pat.subpat.is_some() {
            return;
        }
        if let Some((node, _, root)) = self.map_field(base) {
            self.map_accounted.insert(key(&root));
            self.bind(&pat.ident, Binding::Pool(node));
        }
    }

    /// Refuses the map's pools at each use of the map no followed form accounted for.
    pub(super) fn refuse_map_uses(&mut self) {
        for (node, range, field) in std::mem::take(&mut self.map_uses) {
            if !self.map_accounted.contains(&key(&range)) {
                let what = self.source.text[range.clone()].trim().to_string();
                self.facts.refuse(
                    node,
                    self.loc(range.start),
                    Refusal::MapOfPools { field, what },
                );
            }
        }
    }
}
