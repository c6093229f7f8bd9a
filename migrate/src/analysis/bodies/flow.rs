//! Following a pool through expressions: which expressions hold one, and where it flows (let, fields, arguments,
//! returns); a flow this tool cannot follow keeps the pool on v2.

use std::ops::Range;

use syn::punctuated::Punctuated;
use syn::{Expr, ExprCall};

use super::{Binding, CallVia, Collector, branches, key};
use crate::analysis::definitions::Callee;
use crate::analysis::model::{FnId, Key, NodeId, Owner, SiteKind, TypeSite};
use crate::analysis::names::V2Item;
use crate::analysis::path_names::PathNames;
use crate::analysis::reasons::Refusal;

/// What makes the value of a lazily initialised cell: the closure or the function given to `cell.get_or_init(..)`
/// or `LazyLock::new(..)`.
pub(super) enum Initialiser<'a> {
    /// `|| { ..; pool }`: its tail is the value.
    Closure(&'a syn::ExprClosure),
    /// `build` or `Self::build`: what the function returns is the value.
    Function(&'a syn::ExprPath),
}

impl<'a> Initialiser<'a> {
    fn of(arg: &'a Expr) -> Option<Self> {
        match arg {
            Expr::Closure(c) => Some(Initialiser::Closure(c)),
            Expr::Path(p) if p.qself.is_none() => Some(Initialiser::Function(p)),
            _ => None,
        }
    }
}

/// The initialiser of `cell.get_or_init(..)`, which makes the value a `OnceLock` (or `OnceCell`) holds and returns.
pub(super) fn initialiser(m: &syn::ExprMethodCall) -> Option<Initialiser<'_>> {
    match m.args.first() {
        Some(arg) if m.method == "get_or_init" && m.args.len() == 1 => Initialiser::of(arg),
        _ => None,
    }
}

/// `.take()`, `.as_ref()`, `.as_mut()`, `.unwrap()`, `.expect(..)`: what an `Option<Pool>` hands back is its pool
/// (on a pool itself none of them is a method, so the code would not compile).
pub(super) fn is_option_access(m: &syn::ExprMethodCall) -> bool {
    matches!(
        (m.method.to_string().as_str(), m.args.len()),
        ("take" | "as_ref" | "as_mut" | "unwrap", 0) | ("expect", 1)
    )
}

/// `.lock()`, `.read()`, `.write()`: the guard of a `Mutex<Pool>` or `RwLock<Pool>` (std's behind `.unwrap()`) reaches
/// the same pool (on a pool itself none of them is a method).
pub(super) fn is_lock_access(m: &syn::ExprMethodCall) -> bool {
    matches!(m.method.to_string().as_str(), "lock" | "read" | "write") && m.args.is_empty()
}

/// The initialiser of `LazyLock::new(..)` (or `Lazy::new(..)`).
pub(super) fn lazy_initialiser(call: &ExprCall) -> Option<Initialiser<'_>> {
    let Expr::Path(p) = &*call.func else {
        return None;
    };
    let lazy = matches!(
        PathNames::of(&p.path).last_two().as_slice(),
        ["LazyLock" | "Lazy", "new"]
    );
    match call.args.first() {
        Some(arg) if lazy && call.args.len() == 1 => Initialiser::of(arg),
        _ => None,
    }
}

impl Collector<'_> {
    /// Whether `call` is `Pool::new(n)` of 2.x; if so, the node it creates.
    pub(super) fn ctor(&mut self, call: &ExprCall) -> Option<NodeId> {
        let Expr::Path(p) = &*call.func else {
            return None;
        };
        let res = self.names.resolve(self.source, &p.path)?;
        let segs = &p.path.segments;
        if res.item != V2Item::Pool
            || segs.len() != res.segment + 2
            || segs[res.segment + 1].ident != "new"
        {
            return None;
        }
        if !segs[res.segment].arguments.is_none() {
            return None;
        }
        let range = self.range(call);
        if let Some(&node) = self.ctors.get(&key(&range)) {
            return Some(node);
        }
        let node = self.facts.node(self.loc(range.start));
        self.ctors.insert(key(&range), node);
        self.facts.made.push(node);
        let name_start = self.source.range(segs[0].ident.span()).start;
        self.facts
            .owners
            .insert(self.loc(name_start), Owner::Group(node));
        self.facts.type_sites.push(TypeSite {
            node,
            loc: self.loc(self.source.range(segs[res.segment].ident.span()).end),
            scope: self.scope(),
            kind: SiteKind::Ctor,
        });
        Some(node)
    }

    /// Whether `call` is `Worker::new(f)` of 2.x.
    pub(super) fn is_worker_new(&self, expr: &Expr) -> bool {
        let Expr::Call(call) = expr else { return false };
        let Expr::Path(p) = &*call.func else {
            return false;
        };
        let Some(res) = self.names.resolve(self.source, &p.path) else {
            return false;
        };
        let segs = &p.path.segments;
        res.item == V2Item::Worker
            && segs.len() == res.segment + 2
            && segs[res.segment + 1].ident == "new"
    }

    /// What a function or method that returns a pool returns, by the name a call uses and how it calls it.
    pub(super) fn fn_ret(&mut self, name: &str, via: &CallVia) -> Option<NodeId> {
        if matches!(name, "new" | "clone" | "default") {
            return None;
        }
        let keys: Vec<Key> = self
            .callees(name, via)
            .into_iter()
            .map(Key::FnRet)
            .collect();
        self.joined(keys)
    }

    /// The pool a function returns, where the function is named as a value (`build`, `Self::build`), not called.
    pub(super) fn fn_value(&mut self, p: &syn::ExprPath) -> Option<NodeId> {
        if p.qself.is_some() {
            return None;
        }
        let names = PathNames::of(&p.path);
        let via = self.path_via(&names);
        let name = self.crate_fn(&names)?.to_string();
        self.fn_ret(&name, &via)
    }

    /// Joins the pool a cell holds (`node`) with what its initialiser makes.
    pub(super) fn initialised_by(&mut self, node: NodeId, init: Initialiser<'_>) {
        match init {
            Initialiser::Closure(c) => {
                self.closure_into.insert(key(&self.range(c)), node);
            }
            Initialiser::Function(p) => {
                if let Some(made) = self.fn_value(p) {
                    self.accounted.insert(key(&self.range(p)));
                    self.facts.union(node, made);
                }
            }
        }
    }

    /// The functions a call of `name` may mean.
    pub(super) fn callees(&self, name: &str, via: &CallVia) -> Vec<FnId> {
        let module = self.module_id();
        let callee = match via {
            CallVia::Free => Callee::Free(&module),
            CallVia::Path(ty) => Callee::Path(ty),
            CallVia::Method => Callee::Method,
        };
        self.decls.defs.fns(name, callee)
    }

    /// The name of the crate's function a call path names, for following what it returns: `f`, `Self::f`, or
    /// `module::f` / `Type::f` when that path certainly names one of the crate's functions.
    pub(super) fn crate_fn<'n>(&self, names: &'n PathNames) -> Option<&'n str> {
        if let Some(name) = names.plain_fn() {
            return Some(name);
        }
        let (name, qualifier) = (names.last()?, names.qualifier()?);
        self.decls
            .defs
            .is_crate_path(name, qualifier)
            .then_some(name.as_str())
    }

    /// How the call path `names` names its function: `f`, `Self::f` (the `impl`'s type), `Type::f`.
    pub(super) fn path_via(&self, names: &PathNames) -> CallVia {
        match names.qualifier() {
            None => CallVia::Free,
            Some("Self") => CallVia::Path(self.impl_types.last().cloned().unwrap_or_default()),
            Some(ty) => CallVia::Path(ty.to_string()),
        }
    }

    /// The one place the keys stand for: when the code does not say which definition it means, the places of every
    /// candidate joined into one pool. None when no key has a place.
    pub(super) fn joined(&mut self, keys: Vec<Key>) -> Option<NodeId> {
        let nodes: Vec<NodeId> = keys.iter().filter_map(|k| self.facts.get(k)).collect();
        let (&first, rest) = nodes.split_first()?;
        for &other in rest {
            self.facts.union(first, other);
        }
        Some(first)
    }

    /// The static `name` written at `offset`: the current module's own, or the one of that name elsewhere. Statics
    /// of several modules, none of them this one's, are told apart by the import, which is not read: where the output
    /// is checked, the use is left to the compiler (it reaches the right static's placeholder through its type);
    /// else they are joined and refused.
    pub(super) fn static_node(&mut self, name: &str, offset: usize) -> Option<NodeId> {
        let defs = self.decls.defs.statics(name, &self.module_id());
        if defs.len() > 1 && self.checked {
            return None;
        }
        let node = self.joined(defs.iter().map(|&d| Key::Static(d)).collect())?;
        if defs.len() > 1 {
            self.facts
                .refuse(node, self.loc(offset), Refusal::UNFOLLOWED);
        }
        Some(node)
    }

    /// The pool field `field` of `base.field`: of the struct `base` is known to be (`self` in its `impl`, a binding
    /// whose type the code shows), else of any struct with a pool field of that name.
    pub(super) fn field_node(&mut self, base: &Expr, field: &str) -> Option<NodeId> {
        match self.known_struct(base) {
            Some(owner) => self.owned_field(&owner, field),
            None => self.struct_field(None, field),
        }
    }

    /// The pool field `field` of the structs named `owner`.
    pub(super) fn owned_field(&mut self, owner: &str, field: &str) -> Option<NodeId> {
        let keys = self
            .decls
            .defs
            .fields_of(field, owner)
            .into_iter()
            .map(|d| Key::Field(d, field.to_string()))
            .collect();
        self.joined(keys)
    }

    /// The crate's struct that `base` certainly is: `self` in an `impl` of it, or a local binding whose type the
    /// code shows (a parameter `x: &T`, `let x: T`, `let x = T { .. }`; not what a `T::new(..)` returns,
    /// which the compiler types).
    pub(super) fn known_struct(&self, base: &Expr) -> Option<String> {
        let Expr::Path(p) = base else { return None };
        let ident = p.path.get_ident()?;
        let name = if ident == "self" {
            self.impl_types.last().cloned()
        } else {
            let at = self.range(p).start;
            let id = self.tree.resolve(&ident.to_string(), at)?;
            self.struct_types.get(&id).cloned()
        }?;
        self.decls.structs.contains(&name).then_some(name)
    }

    /// The struct a written type names, through references: `T`, `&T`, `&mut T`, `Self`.
    pub(super) fn struct_of_type(&self, ty: &syn::Type) -> Option<String> {
        match ty {
            syn::Type::Reference(r) => self.struct_of_type(&r.elem),
            syn::Type::Paren(p) => self.struct_of_type(&p.elem),
            syn::Type::Path(p) if p.qself.is_none() => self.struct_name(p.path.get_ident()?),
            _ => None,
        }
    }

    /// The struct a value certainly is: `T { .. }`, `Self { .. }`.
    pub(super) fn struct_of_value(&self, expr: &Expr) -> Option<String> {
        match expr {
            Expr::Struct(s) if s.qself.is_none() => self.struct_name(s.path.get_ident()?),
            _ => None,
        }
    }

    pub(super) fn struct_name(&self, ident: &syn::Ident) -> Option<String> {
        if ident == "Self" {
            self.impl_types.last().cloned()
        } else {
            Some(ident.to_string())
        }
    }

    /// The pool field `field` of the struct named `owner` (when the code shows it).
    pub(super) fn struct_field(&mut self, owner: Option<&str>, field: &str) -> Option<NodeId> {
        let defs = self.decls.defs.fields(field, owner);
        let keys = defs
            .into_iter()
            .map(|d| Key::Field(d, field.to_string()))
            .collect();
        self.joined(keys)
    }

    /// If `expr` holds a pool, its node and the range of the place it is read from.
    pub(super) fn classify(&mut self, expr: &Expr) -> Option<(NodeId, Range<usize>)> {
        match expr {
            // `if big { a } else { b }`, `match`, `{ ..; pool }`: the pool its branches evaluate to.
            e if branches::branches(e) => branches::leaves(e)
                .into_iter()
                .find_map(|l| self.classify(l.expr)),
            Expr::Paren(p) => self.classify(&p.expr),
            Expr::Group(g) => self.classify(&g.expr),
            Expr::Reference(r) => self.classify(&r.expr),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.classify(&u.expr),
            Expr::MethodCall(m) if m.method == "clone" && m.args.is_empty() => {
                self.classify(&m.receiver)
            }
            Expr::MethodCall(m) if initialiser(m).is_some() => self.classify(&m.receiver),
            // `self.pool.take()`, `.as_ref()` on an `Option<Pool>`: the same pool, in an `Option` or not.
            Expr::MethodCall(m) if is_option_access(m) => self.classify(&m.receiver),
            // `POOL.lock().unwrap()` of a `Mutex<Option<Pool>>`: its guard, which derefs to what the lock holds.
            Expr::MethodCall(m) if is_lock_access(m) => self.classify(&m.receiver),
            Expr::MethodCall(m) => {
                let node = self.fn_ret(&m.method.to_string(), &CallVia::Method)?;
                Some((node, self.range(m)))
            }
            Expr::Call(call) => {
                if let Some(node) = self.ctor(call) {
                    return Some((node, self.range(call)));
                }
                let Expr::Path(p) = &*call.func else {
                    return None;
                };
                let names = PathNames::of(&p.path);
                if call.args.len() == 1 && names.wraps_its_argument() {
                    return self.classify(&call.args[0]);
                }
                let via = self.path_via(&names);
                let node = self.fn_ret(self.crate_fn(&names)?, &via)?;
                Some((node, self.range(call)))
            }
            Expr::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
                let name = p.path.segments[0].ident.to_string();
                match self.lookup(&name, self.range(p).start) {
                    Some(Binding::Pool(node)) => Some((node, self.range(p))),
                    Some(_) => None,
                    None => {
                        let node = self.static_node(&name, self.range(p).start)?;
                        Some((node, self.range(p)))
                    }
                }
            }
            // `pool_of!(3, f)` of a `macro_rules!` whose body creates a pool: that pool (refused there).
            Expr::Macro(m) => Some((self.macro_pool(m)?, self.range(m))),
            Expr::Field(f) => match &f.member {
                syn::Member::Named(ident) => {
                    let node = self.field_node(&f.base, &ident.to_string())?;
                    Some((node, self.range(f)))
                }
                syn::Member::Unnamed(_) => None,
            },
            _ => None,
        }
    }

    /// Accepts `expr` as a pool flowing into `target` (or into a place it can be followed, when `None`).
    pub(super) fn accept(&mut self, expr: &Expr, target: Option<NodeId>) -> Option<NodeId> {
        if branches::branches(expr) {
            return self.accept_branches(expr, target);
        }
        let (node, leaf) = self.classify(expr)?;
        self.accounted.insert(key(&leaf));
        if let Some(target) = target {
            self.facts.flows.push((node, target));
            self.facts.union(node, target);
        }
        Some(node)
    }

    /// Accepts `expr` as the value of `place` (a parameter, a return, a field, what it is assigned to), or refuses
    /// its pool where there is none.
    pub(super) fn value_of(&mut self, expr: &Expr, place: Option<NodeId>) {
        let Some(place) = place else {
            return self.refuse_flow(expr, Refusal::UNFOLLOWED);
        };
        self.accept(expr, Some(place));
        self.typed_by(expr, place);
    }

    /// `expr` (or each of its branches) as the value of `place`: a `Pool::new(n)` there takes its type from the one
    /// written at the place, if it has one (`SiteKind::TypedCtor`).
    pub(super) fn typed_by(&mut self, expr: &Expr, place: NodeId) {
        let written = |s: &TypeSite| s.node == place && s.kind == SiteKind::Type;
        if !self.facts.type_sites.iter().any(written) {
            return;
        }
        for leaf in branches::leaves(expr) {
            let made =
                (self.classify(leaf.expr)).and_then(|(_, at)| self.ctors.get(&key(&at)).copied());
            let sites = self.facts.type_sites.iter_mut();
            for site in sites.filter(|s| s.kind == SiteKind::Ctor && Some(s.node) == made) {
                site.kind = SiteKind::TypedCtor;
            }
        }
    }

    /// Accepts the pool each branch of `expr` evaluates to (`if big { a } else { b }`): one pool, since the branches
    /// have one type. A branch whose pool is not followed (a call of another crate's function) refuses them all.
    fn accept_branches(&mut self, expr: &Expr, target: Option<NodeId>) -> Option<NodeId> {
        let mut first: Option<NodeId> = None;
        let mut unfollowed = Vec::new();
        for leaf in branches::leaves(expr) {
            match self.classify(leaf.expr) {
                Some((node, range)) => {
                    self.accounted.insert(key(&range));
                    if let Some(to) = target.or(first) {
                        self.facts.union(node, to);
                    }
                    first.get_or_insert(node);
                }
                None if branches::diverges(leaf.expr) => {}
                None => unfollowed.push(self.range(leaf.expr)),
            }
        }
        let node = first?;
        for range in unfollowed {
            let loc = self.loc(range.start);
            self.facts.refuse(node, loc, Refusal::UNFOLLOWED);
        }
        Some(node)
    }

    /// Refuses a pool passed where it cannot be followed.
    pub(super) fn refuse_flow(&mut self, expr: &Expr, reason: Refusal) {
        if let Some(node) = self.accept(expr, None) {
            let loc = self.loc(self.range(expr).start);
            self.facts.refuse(node, loc, reason);
        }
    }

    /// Pools passed as arguments to a function or method named `name`, called as `via` says.
    pub(super) fn arguments(
        &mut self,
        name: &str,
        via: &CallVia,
        args: &Punctuated<Expr, syn::Token![,]>,
        shift: usize,
    ) {
        for (index, arg) in args.iter().enumerate() {
            if self.classify(arg).is_none() {
                continue;
            }
            if name == "drop" {
                self.accept(arg, None);
                continue;
            }
            if matches!(name, "Ok" | "Err") {
                self.refuse_flow(arg, Refusal::UNFOLLOWED);
                continue;
            }
            let callees = self.callees(name, via);
            if self.checked && callees.iter().any(|f| self.decls.generic_fns.contains(f)) {
                // Each call of a generic function may give its pool jobs of another type: the compiler joins the
                // pools of its calls only if they meet (`compiler::State::learn`).
                self.refuse_flow(arg, Refusal::UNFOLLOWED);
                continue;
            }
            let param = index.checked_sub(shift).and_then(|i| {
                let keys = callees.into_iter().map(|f| Key::FnParam(f, i)).collect();
                self.joined(keys)
            });
            let ambiguous = self
                .decls
                .receivers
                .get(name)
                .is_some_and(|r| r.iter().any(|&b| b != r[0]));
            self.value_of(arg, param.filter(|_| !ambiguous));
        }
    }

    /// `expr` is what the current function returns.
    pub(super) fn returned(&mut self, expr: &Expr) {
        let ret = self.fns.last().and_then(|f| f.ret);
        self.value_of(expr, ret);
    }
}
