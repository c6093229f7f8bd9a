//! A pool in a tuple struct's field, `struct Executor(Pool);`: the field is named by its index (`self.0`), and
//! `Executor(pool)` (a call, not a function) fills it; a pattern `Executor(p)` that takes it out is not followed.
//! A pool in an enum's tuple variant, `enum Executor { Threaded(Pool), .. }`: `Executor::Threaded(pool)` fills it,
//! and an `if let` or `match` arm pattern `Executor::Threaded(p)` binds `p` to it; any other pattern of it is refused.

use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{Expr, ExprCall, Pat};

use super::{Binding, Collector, key};
use crate::analysis::model::{Key, NodeId};
use crate::analysis::reasons::Refusal;

impl Collector<'_> {
    /// The pool field `index` of the tuple struct `base` certainly is (`self.0` in its `impl`, `x.0` of a binding
    /// whose type the code shows). A tuple's `.0` on a value of unknown type is not taken for one: see
    /// `visit_expr_field`, which refuses the tuple structs' pools then.
    pub(super) fn tuple_field_node(&mut self, base: &Expr, index: usize) -> Option<NodeId> {
        let owner = self.known_struct(base)?;
        self.tuple_struct_field(&owner, index)
    }

    /// The pool field `index` of the tuple struct named `owner`.
    pub(super) fn tuple_struct_field(&mut self, owner: &str, index: usize) -> Option<NodeId> {
        self.owned_field(owner, &index.to_string())
    }

    /// `Executor(pool)` (or `Self(pool)`), a call of a tuple struct of the crate with a pool field: each pool argument
    /// goes into its field. False when `call` is not such a constructor.
    pub(super) fn tuple_struct_ctor(&mut self, call: &ExprCall) -> bool {
        let Some(owner) = self.tuple_struct_called(call) else {
            return false;
        };
        self.fill_fields(call, |c, index| c.tuple_struct_field(&owner, index));
        true
    }

    /// Each pool argument of `call` goes into the field `field_at` gives for its position; without one it is refused.
    fn fill_fields(
        &mut self,
        call: &ExprCall,
        field_at: impl Fn(&mut Self, usize) -> Option<NodeId>,
    ) {
        for (index, arg) in call.args.iter().enumerate() {
            if self.classify(arg).is_none() {
                continue;
            }
            match field_at(self, index) {
                Some(field) => {
                    self.accept(arg, Some(field));
                }
                None => self.refuse_flow(arg, Refusal::UNFOLLOWED),
            }
        }
    }

    /// The tuple struct of the crate with a pool field that `call` constructs, by its name (`Executor(..)`,
    /// `Self(..)`).
    pub(super) fn tuple_struct_called(&self, call: &ExprCall) -> Option<String> {
        let Expr::Path(p) = &*call.func else {
            return None;
        };
        let owner = self.struct_name(p.path.get_ident().filter(|_| p.qself.is_none())?)?;
        let has_pool = (0..call.args.len())
            .any(|i| !self.decls.defs.fields_of(&i.to_string(), &owner).is_empty());
        (self.decls.structs.contains(&owner) && has_pool).then_some(owner)
    }

    /// The enum and variant `path` names (`Executor::Threaded`, `Self::Threaded`), when that variant holds a pool.
    fn pool_variant(&self, path: &syn::Path) -> Option<(String, String)> {
        let segs = &path.segments;
        if segs.len() != 2 || !segs[0].arguments.is_none() || !segs[1].arguments.is_none() {
            return None;
        }
        let owner = self.struct_name(&segs[0].ident)?;
        let variant = segs[1].ident.to_string();
        let pair = (owner, variant);
        self.decls.pool_variants.contains(&pair).then_some(pair)
    }

    /// The pool field `index` of the variant `variant` of the enum `owner`.
    fn variant_field(
        &mut self,
        (owner, variant): &(String, String),
        index: usize,
    ) -> Option<NodeId> {
        self.owned_field(owner, &format!("{variant}({index})"))
    }

    /// `Executor::Threaded(pool)`: each pool argument goes into its field of the variant. False when `call` does not
    /// build a variant holding a pool.
    pub(super) fn variant_ctor(&mut self, call: &ExprCall) -> bool {
        let Expr::Path(p) = &*call.func else {
            return false;
        };
        let Some(variant) = self.pool_variant(&p.path).filter(|_| p.qself.is_none()) else {
            return false;
        };
        self.fill_fields(call, |c, index| c.variant_field(&variant, index));
        true
    }

    /// `if let Executor::Threaded(p) = ..` or a `match` arm of that pattern: `p` is the variant's pool. A pattern
    /// whose pool fields are each a plain name or `_` is followed (see `refuse_destructured`).
    pub(super) fn bind_variant_pattern(&mut self, pat: &Pat) {
        let Pat::TupleStruct(t) = pat else { return };
        let Some(variant) = self.pool_variant(&t.path).filter(|_| t.qself.is_none()) else {
            return;
        };
        if t.elems.iter().any(|e| matches!(e, Pat::Rest(_))) {
            return;
        }
        let mut binds = Vec::new();
        for (index, elem) in t.elems.iter().enumerate() {
            let Some(node) = self.variant_field(&variant, index) else {
                continue;
            };
            match elem {
                Pat::Ident(p) if p.subpat.is_none() => binds.push((&p.ident, node)),
                Pat::Wild(_) => {}
                _ => return,
            }
        }
        for (ident, node) in binds {
            self.bind(ident, Binding::Pool(node));
        }
        self.bound_patterns.insert(key(&self.range(t)));
    }

    /// `x.0` of a value this tool cannot type may read any tuple struct's pool at that index: each is refused, on its
    /// own (they are not joined into one pool).
    pub(super) fn refuse_tuple_fields(&mut self, index: usize, access: &syn::ExprField) {
        let field = index.to_string();
        let loc = self.loc(self.range(access).start);
        for def in self.decls.defs.fields(&field, None) {
            if let Some(node) = self.facts.get(&Key::Field(def, field.clone())) {
                self.facts.refuse(node, loc, Refusal::UNFOLLOWED);
            }
        }
    }

    /// Refuses the pool of every tuple struct that a pattern of `file` takes apart (`let Executor(p) = e;`, a match
    /// arm, a parameter): the binding it makes is not followed.
    pub(super) fn refuse_destructured(&mut self, file: &syn::File) {
        let mut patterns = Patterns::default();
        patterns.visit_file(file);
        for (strukt, elems, span) in patterns.found {
            let at = self.loc(self.source.range(span).start);
            for index in 0..elems {
                if let Some(node) = self.tuple_struct_field(&strukt, index) {
                    self.facts.refuse(node, at, Refusal::UNFOLLOWED);
                }
            }
        }
        for (path, elems, whole) in patterns.variants {
            let Some(variant) = self.pool_variant(&path) else {
                continue;
            };
            let range = self.source.range(whole);
            if self.bound_patterns.contains(&key(&range)) {
                continue;
            }
            for index in 0..elems {
                if let Some(node) = self.variant_field(&variant, index) {
                    self.facts
                        .refuse(node, self.loc(range.start), Refusal::UNFOLLOWED);
                }
            }
        }
    }
}

/// The tuple-struct patterns of a file: (the struct's name, `Self` read as the `impl`'s type; the pattern's number
/// of elements; where its name is written).
#[derive(Default)]
struct Patterns {
    impl_types: Vec<Option<String>>,
    found: Vec<(String, usize, proc_macro2::Span)>,
    /// Patterns of a two-segment path (`Executor::Threaded(..)`, `Self` read as the `impl`'s type): the path, the
    /// number of elements, the whole pattern.
    variants: Vec<(syn::Path, usize, proc_macro2::Span)>,
}

impl<'ast> Visit<'ast> for Patterns {
    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        let ty = match &*i.self_ty {
            syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        };
        self.impl_types.push(ty);
        visit::visit_item_impl(self, i);
        self.impl_types.pop();
    }

    fn visit_pat_tuple_struct(&mut self, p: &'ast syn::PatTupleStruct) {
        if let Some(ident) = p.path.get_ident().filter(|_| p.qself.is_none()) {
            let name = match ident.to_string().as_str() {
                "Self" => self.impl_types.last().cloned().flatten(),
                name => Some(name.to_string()),
            };
            if let Some(name) = name {
                self.found.push((name, p.elems.len(), ident.span()));
            }
        } else if p.qself.is_none() && p.path.segments.len() == 2 {
            let mut path = p.path.clone();
            if path.segments[0].ident == "Self"
                && let Some(Some(ty)) = self.impl_types.last()
            {
                path.segments[0].ident = syn::Ident::new(ty, path.segments[0].ident.span());
            }
            self.variants.push((path, p.elems.len(), p.span()));
        }
        visit::visit_pat_tuple_struct(self, p);
    }
}
