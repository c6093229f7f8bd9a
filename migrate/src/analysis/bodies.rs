//! Second pass over a crate: follows each pool through function bodies and records its call sites.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{Expr, ExprCall, ExprMethodCall, FnArg, Pat, Stmt};

use super::declare::Decls;
use super::model::{
    DefId, Facts, FileId, FnId, Key, Loc, Nesting, NodeId, Owner, Scope, SiteKind, SpanKey,
    StmtCtx, TypeSite, WorkerId,
};
use super::names::{Names, V2Item};
use super::path_names::PathNames;
use super::reasons::Refusal;
use super::scope_tree::{BindingId, ScopeTree};
use super::scopes::ModuleId;
use super::types::{TryTarget, pool_type, try_target};
use crate::source::Source;

mod branches;
mod calls;
mod captures;
mod closure_locals;
mod collected;
mod fail_fast;
mod flow;
mod handled;
mod macros;
mod maps;
mod results;
mod tuple_structs;
mod tuples;

use self::macros::collect_ident_tokens;

/// The 2.x methods of `Pool`.
const POOL_METHODS: [&str; 5] = [
    "delegate",
    "add_worker",
    "remove_worker",
    "workers_num",
    "stop",
];

/// What a name in scope is bound to.
#[derive(Debug, Clone, Copy)]
enum Binding {
    Pool(NodeId),
    Worker(WorkerId),
    /// `let w = helper(..)`: a worker made by a helper function, and the index of this binding.
    HelperWorker(WorkerId, usize),
    /// `let ws: Vec<Worker> = (..).map(|i| Worker::new(f)).collect();`: the workers collected (see `collected`).
    Workers(WorkerId),
    /// `for w in &ws` over collected workers: one of them.
    Collected(WorkerId),
    /// `let ws: Vec<Worker> = (..).map(|i| helper(..)).collect();`: workers a helper made, and the index of their
    /// [`HelperVec`](collected::HelperVec).
    HelperWorkers(WorkerId, usize),
    /// `for w in &ws` over workers a helper made: one of them.
    CollectedHelper(WorkerId, usize),
    /// A local the code shows to be `Clone` (see `captures`).
    Clone,
    Other,
    /// `let pools = self.pools.lock().unwrap();`: a map of pools, its values this pool (see `maps`).
    PoolMap(NodeId),
}

impl Binding {
    /// The worker this binding holds or stands for, in whichever form it was made.
    fn worker(self) -> Option<WorkerId> {
        match self {
            Binding::Worker(w)
            | Binding::HelperWorker(w, _)
            | Binding::Workers(w)
            | Binding::Collected(w)
            | Binding::HelperWorkers(w, _)
            | Binding::CollectedHelper(w, _) => Some(w),
            Binding::Pool(_) | Binding::Clone | Binding::Other | Binding::PoolMap(_) => None,
        }
    }
}

/// How a call names its function, for which definitions it may mean (see [`Callee`](super::definitions::Callee)).
#[derive(Debug, Clone)]
enum CallVia {
    /// `f(..)`.
    Free,
    /// `Type::f(..)`, with the type's name (`Self` replaced by the `impl`'s type).
    Path(String),
    /// `value.f(..)`.
    Method,
}

/// Calls that wrap a pool call's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wrapper {
    Try,
    /// `.unwrap()`, `.expect(..)`: the value is `()` either way.
    Unwrap,
    /// `.is_ok()`, `.is_err()`, `.ok()`: look at the result without naming its error type.
    Inspect,
    /// `.map_err(|e| e.to_string())`: the error is only formatted, into a type of its own.
    Formatted,
}

struct FnCtx {
    id: FnId,
    /// The function's body, whose last expression is what it returns.
    body: Option<SpanKey>,
    /// What the body of a `fn` evaluates to: its last expression, or the tails of that expression's branches
    /// (see [`branches`]), each with whether it is a whole `match` arm.
    tails: Vec<(SpanKey, bool)>,
    target: TryTarget,
    /// The error-type place `?` converts into, when that is `workerpool::Error`.
    error: Option<NodeId>,
    ret: Option<NodeId>,
    /// The public pool alias the function returns (`-> SharedPool`), which it cannot return a migrated pool as.
    ret_alias: Option<String>,
    taken: Vec<String>,
}

fn key(r: &Range<usize>) -> SpanKey {
    SpanKey::of(r)
}

/// Walks the bodies of one file.
pub struct Collector<'a> {
    file: FileId,
    source: &'a Source,
    names: &'a Names,
    facts: &'a mut Facts,
    decls: &'a Decls,
    module: Vec<String>,
    /// The name layer of this file: which local binding a name at a place means.
    tree: &'a ScopeTree,
    /// What this walk learned each local binding holds (unlisted: [`Binding::Other`]).
    values: HashMap<BindingId, Binding>,
    fns: Vec<FnCtx>,
    generics: Vec<Vec<String>>,
    /// The last name of the type of each `impl` being walked, innermost last.
    impl_types: Vec<String>,
    loops: usize,
    closures: usize,
    blocks: Vec<usize>,
    next_block: usize,
    ctors: HashMap<SpanKey, NodeId>,
    occurrences: Vec<(NodeId, Range<usize>)>,
    accounted: HashSet<SpanKey>,
    /// Calls whose Ok value is taken by `?`, `.unwrap()` or `.expect(..)`, or dropped by `.err()`, `.is_ok()` or
    /// `.is_err()`.
    unwrapped: HashSet<SpanKey>,
    /// Expressions `?` is applied to.
    tried: HashSet<SpanKey>,
    /// `(0..n).try_for_each(|_| pool.add_worker(&w))?;`: the edits that make it a `for_each`, by the add's range.
    adding_chains: HashMap<SpanKey, [crate::edit::Edit; 2]>,
    /// Delegates inside a fail-fast iterator chain, by the delegate call's range (see `fail_fast`).
    fail_fast: HashMap<SpanKey, fail_fast::Chain>,
    /// `Ok(..)` calls a `return` outside closures returns from the current function.
    ok_returns: HashSet<SpanKey>,
    worker_uses: Vec<(WorkerId, Range<usize>)>,
    worker_accounted: HashSet<SpanKey>,
    stmt_ctx: HashMap<SpanKey, (StmtCtx, Option<usize>)>,
    stmts: Vec<Range<usize>>,
    wrappers: HashMap<SpanKey, (Range<usize>, Wrapper)>,
    /// A `let w = { ..; Worker::new(f) };` being walked: the tail's range, the binding, and the worker once made.
    tail_worker: Option<TailWorker>,
    /// Closures whose result is a pool place (`LazyLock::new(|| ..)`, `cell.get_or_init(|| ..)`), by their range.
    closure_into: HashMap<SpanKey, NodeId>,
    /// Loop and closure nesting at each `let w = helper(..)`.
    helper_bindings: Vec<Nesting>,
    /// Whether each `let w = helper(..)` holds a `Clone` value by its argument (see `clone_by_argument`).
    helper_binding_clones: Vec<bool>,
    /// Each `let ws: Vec<Worker> = (..).map(|i| helper(..)).collect();`.
    helper_vecs: Vec<collected::HelperVec>,
    /// Where a name of [`Binding::HelperWorkers`] or [`Binding::CollectedHelper`] is used: its vector's index.
    helper_vec_uses: HashMap<SpanKey, usize>,
    /// The paths called as functions (`f` of `f(..)`), which name no value.
    called: HashSet<SpanKey>,
    /// `if let Err(e) = pool.add_worker(&w) { .. }` and `if pool.add_worker(&w).is_err() { .. }` without `else`, and
    /// a `match` statement on it whose `Ok` arm is empty or one expression: the `if`'s (or statement's) range, and
    /// what is written after the call in its place (that expression), by the call's range.
    dead_checks: HashMap<SpanKey, (Range<usize>, Option<String>)>,
    /// Locals whose value is only unsuffixed number literals (`for n in 0..3`, `let n = 5;`): `i32` or `f64` in 2.x.
    literal_bindings: HashMap<BindingId, &'static str>,
    /// How often each local binding is read; a literal binding read more than once may get its type elsewhere.
    binding_reads: HashMap<BindingId, usize>,
    /// Delegates of such a job: (pool, where, 2.x's type, the binding it reads, if any).
    literal_delegates: Vec<(NodeId, Loc, &'static str, Option<BindingId>)>,
    /// The crate's struct each local binding certainly holds (a value or a reference), where the code shows it.
    struct_types: HashMap<BindingId, String>,
    /// Results matched (`match`, `if let`) on `Ok(())` / `Err(e)` with `e` only formatted, by the scrutinee's range.
    formatted_results: HashSet<SpanKey>,
    /// Functions that return a pool, named as values (`LazyLock::new(build)`): refused unless a cell's initialiser.
    fn_values: Vec<(NodeId, Range<usize>)>,
    /// For each `impl` around the code being walked, the pool its `self` is when it is an `impl Trait for Pool`.
    impl_pools: Vec<Option<NodeId>>,
    /// Parameters whose type is one of the function's (or impl's) generic parameters, and that type's name.
    generic_params: HashMap<BindingId, String>,
    /// Patterns of an enum variant holding a pool that bind its pool (see `tuple_structs`), by range.
    bound_patterns: HashSet<SpanKey>,
    /// Uses of a map-of-pools field: (its pools, where, the field's name); see `maps`.
    map_uses: Vec<(NodeId, Range<usize>, String)>,
    /// The map uses that a followed form accounts for, by range.
    map_accounted: HashSet<SpanKey>,
    /// The paths of the helper calls followed (`f` of `f(..)`): any other path that may name a helper refuses it.
    helper_funcs: HashSet<SpanKey>,
    /// Locals bound by `let` to a closure literal, which `Worker::new(name)` may be given.
    closure_locals: HashMap<BindingId, closure_locals::ClosureFn>,
}

/// What 2.x made of an unsuffixed number literal (`5`, `-5`, `2.5`): `i32` or `f64`; None for anything else.
fn literal_type(expr: &Expr) -> Option<&'static str> {
    match expr {
        Expr::Lit(l) => match &l.lit {
            syn::Lit::Int(i) if i.suffix().is_empty() => Some("i32"),
            syn::Lit::Float(f) if f.suffix().is_empty() => Some("f64"),
            _ => None,
        },
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => literal_type(&u.expr),
        Expr::Paren(p) => literal_type(&p.expr),
        _ => None,
    }
}

/// A `Worker::new(f)` that is the tail expression of a block bound by `let`.
struct TailWorker {
    tail: SpanKey,
    name: String,
    after_let: (usize, String, &'static str),
    made: Option<WorkerId>,
    /// The helper function's worker this tail makes, when the block is the body of `fn f(..) -> Worker`.
    helper: Option<WorkerId>,
}

impl<'a> Collector<'a> {
    /// A walker for one file.
    pub fn new(
        file: FileId,
        source: &'a Source,
        names: &'a Names,
        tree: &'a ScopeTree,
        facts: &'a mut Facts,
        decls: &'a Decls,
    ) -> Self {
        Collector {
            file,
            source,
            names,
            facts,
            decls,
            module: Vec::new(),
            tree,
            values: HashMap::new(),
            fns: Vec::new(),
            generics: Vec::new(),
            impl_types: Vec::new(),
            loops: 0,
            closures: 0,
            blocks: vec![0],
            next_block: 1,
            ctors: HashMap::new(),
            occurrences: Vec::new(),
            accounted: HashSet::new(),
            unwrapped: HashSet::new(),
            tried: HashSet::new(),
            fail_fast: HashMap::new(),
            adding_chains: HashMap::new(),
            ok_returns: HashSet::new(),
            worker_uses: Vec::new(),
            worker_accounted: HashSet::new(),
            stmt_ctx: HashMap::new(),
            stmts: Vec::new(),
            wrappers: HashMap::new(),
            tail_worker: None,
            closure_into: HashMap::new(),
            helper_bindings: Vec::new(),
            helper_binding_clones: Vec::new(),
            helper_vecs: Vec::new(),
            helper_vec_uses: HashMap::new(),
            called: HashSet::new(),
            fn_values: Vec::new(),
            formatted_results: HashSet::new(),
            dead_checks: HashMap::new(),
            struct_types: HashMap::new(),
            literal_bindings: HashMap::new(),
            binding_reads: HashMap::new(),
            literal_delegates: Vec::new(),
            map_uses: Vec::new(),
            map_accounted: HashSet::new(),
            impl_pools: Vec::new(),
            bound_patterns: HashSet::new(),
            generic_params: HashMap::new(),
            closure_locals: HashMap::new(),
            helper_funcs: HashSet::new(),
        }
    }

    /// Walks the file, then refuses every pool and worker used in a way the walk could not follow.
    pub fn run(mut self, file: &syn::File) {
        self.visit_file(file);
        self.refuse_destructured(file);
        self.refuse_map_uses();
        for (node, range) in std::mem::take(&mut self.occurrences) {
            if !self.accounted.contains(&key(&range)) {
                let what = self.source.text[range.clone()].to_string();
                self.facts
                    .refuse(node, self.loc(range.start), Refusal::UnfollowedUse { what });
            }
        }
        for (node, loc, was, binding) in std::mem::take(&mut self.literal_delegates) {
            // A binding read elsewhere too may take its type from there.
            if binding.is_none_or(|b| self.binding_reads.get(&b) == Some(&1)) {
                self.facts.literal_jobs.push((node, loc, was));
            }
        }
        for (node, range) in std::mem::take(&mut self.fn_values) {
            if !self.accounted.contains(&key(&range)) {
                let function = self.source.text[range.clone()].to_string();
                self.facts.refuse(
                    node,
                    self.loc(range.start),
                    Refusal::FunctionAsValue { function },
                );
            }
        }
        for (worker, range) in std::mem::take(&mut self.worker_uses) {
            if !self.worker_accounted.contains(&key(&range))
                && self.facts.workers[worker].refusal.is_none()
            {
                let loc = self.loc(range.start);
                let reason = match self.helper_vec_uses.get(&key(&range)) {
                    Some(&i) => self.helper_vec_refusal(i),
                    None => Refusal::WorkerUsedOtherwise,
                };
                self.facts.workers[worker].refusal = Some((loc, reason));
            }
        }
    }

    /// Whether `m` (called on a 2.x result) only formats its error: `.map_err(|e| e.to_string())`, or anyhow's
    /// `.context(..)` / `.with_context(..)`, which take any `std::error::Error + Send + Sync + 'static`.
    fn error_only_formatted(&self, m: &ExprMethodCall) -> bool {
        let anyhow = matches!(m.method.to_string().as_str(), "context" | "with_context")
            && m.args.len() == 1
            && self
                .names
                .has_anyhow_context(self.source.range(m.method.span()).start);
        anyhow || handled::map_err_only_formats(m)
    }

    fn loc(&self, offset: usize) -> Loc {
        Loc {
            file: self.file,
            offset,
        }
    }

    fn range(&self, node: &impl Spanned) -> Range<usize> {
        self.source.range(node.span())
    }

    /// The loops and closures around the code being walked, in its function.
    fn nesting(&self) -> Nesting {
        Nesting {
            loops: self.loops,
            closures: self.closures,
        }
    }

    /// The module being walked.
    fn module_id(&self) -> ModuleId {
        ModuleId::new(self.file, &self.module.join("::"))
    }

    fn scope(&self) -> Scope {
        Scope {
            file: self.file,
            module: self.module.join("::"),
            func: self.fns.first().map(|f| f.id),
        }
    }

    /// What `name` written at `at` holds, if it is a local (else None: an item, a static).
    fn lookup(&self, name: &str, at: usize) -> Option<Binding> {
        // `self` in a method of `impl Trait for Pool` (the scope tree has no binding for `self`).
        if name == "self"
            && let Some(Some(node)) = self.impl_pools.last()
        {
            return Some(Binding::Pool(*node));
        }
        let id = self.tree.resolve(name, at)?;
        Some(self.values.get(&id).copied().unwrap_or(Binding::Other))
    }

    /// `let w: T = Worker::new(f)`: `T` the 2.x `Worker` itself says nothing the initialiser does not, and goes with
    /// it; any other type is refused.
    fn worker_annotation(&mut self, w: WorkerId, named: &syn::Ident, ty: &syn::Type, stmt: usize) {
        let worker_type = match ty {
            syn::Type::Path(p) if p.qself.is_none() => self
                .names
                .resolve(self.source, &p.path)
                .filter(|r| {
                    r.item == V2Item::Worker
                        && r.segment + 1 == p.path.segments.len()
                        && p.path.segments[r.segment].arguments.is_none()
                })
                .map(|_| self.source.range(p.path.segments[0].ident.span()).start),
            _ => None,
        };
        match worker_type {
            Some(name_start) => {
                self.facts
                    .owners
                    .insert(self.loc(name_start), Owner::Worker(w));
                let from = self.source.range(named.span()).end;
                let to = self.source.range(ty.span()).end;
                self.facts.workers[w].annotation = Some(from..to);
            }
            None => {
                let loc = self.loc(stmt);
                self.facts.workers[w]
                    .refusal
                    .get_or_insert((loc, Refusal::WorkerAnnotation));
            }
        }
    }

    /// Records the struct the local whose name is `ident` (in its pattern) holds.
    fn typed(&mut self, ident: &syn::Ident, strukt: String) {
        let at = self.source.range(ident.span()).start;
        if let Some(id) = self.tree.binding_at(at) {
            self.struct_types.insert(id, strukt);
        }
    }

    /// Records what the local whose name is `ident` (in its pattern) holds.
    fn bind(&mut self, ident: &syn::Ident, binding: Binding) {
        let at = self.source.range(ident.span()).start;
        if let Some(id) = self.tree.binding_at(at) {
            self.values.insert(id, binding);
        }
    }

    fn generics_in_scope(&self) -> Vec<String> {
        self.generics.iter().flatten().cloned().collect()
    }

    /// Walks a function; `helper_key` is how a helper of it would be known (`f`, or `Type::f` for a method).
    fn function(&mut self, sig: &syn::Signature, block: &syn::Block, helper_key: &str) {
        let name = sig.ident.to_string();
        let id = FnId(self.loc(self.source.range(sig.fn_token.span).start));
        let mut taken = Vec::new();
        collect_idents(quote::ToTokens::to_token_stream(block), &mut taken);
        let ret = match &sig.output {
            syn::ReturnType::Type(_, ty) if pool_type(self.names, self.source, ty).is_some() => {
                self.facts.get(&Key::FnRet(id))
            }
            _ if self.decls.tuple_rets.contains_key(&id)
                || self.decls.ok_rets.contains_key(&id) =>
            {
                self.facts.get(&Key::FnRet(id))
            }
            syn::ReturnType::Type(_, ty) if self.decls.alias_node(ty).is_some() => {
                self.facts.get(&Key::FnRet(id))
            }
            // `fn deref(&self) -> &Self::Target` of an `impl Deref` whose `Target` is a pool.
            _ if self.decls.deref_pools.values().any(|&d| d == id) => {
                self.facts.get(&Key::FnRet(id))
            }
            _ => None,
        };
        let target = try_target(self.names, self.source, &sig.output);
        let ret_alias = match &sig.output {
            syn::ReturnType::Type(_, ty) => self.decls.public_alias(ty),
            syn::ReturnType::Default => None,
        };
        let error = self.facts.get(&Key::ErrorRet(name.clone()));
        let outer_fns = std::mem::take(&mut self.fns);
        let outer_depth = (self.loops, self.closures);
        (self.loops, self.closures) = (0, 0);
        self.generics.push(generic_names(&sig.generics));
        self.fns.push(FnCtx {
            id,
            body: Some(key(&self.range(block))),
            tails: match block.stmts.last() {
                Some(Stmt::Expr(e, None)) => branches::leaves(e)
                    .iter()
                    .map(|l| (key(&self.range(l.expr)), l.arm))
                    .collect(),
                _ => Vec::new(),
            },
            target,
            error,
            ret,
            ret_alias,
            taken,
        });
        let mut index = 0;
        let generics = self.generics_in_scope();
        for input in &sig.inputs {
            let FnArg::Typed(p) = input else { continue };
            if let (Pat::Ident(ident), syn::Type::Path(ty)) = (&*p.pat, &*p.ty)
                && let Some(name) = ty.path.get_ident().map(ToString::to_string)
                && generics.contains(&name)
                && let Some(id) = self
                    .tree
                    .binding_at(self.source.range(ident.ident.span()).start)
            {
                self.generic_params.insert(id, name);
            }
            if let (Pat::Ident(ident), Some(ty)) = (&*p.pat, self.struct_of_type(&p.ty)) {
                self.typed(&ident.ident, ty);
            }
            match (&*p.pat, pool_type(self.names, self.source, &p.ty)) {
                (Pat::Ident(ident), Some(_)) => {
                    let node = self.facts.get(&Key::FnParam(id, index));
                    self.bind(&ident.ident, node.map_or(Binding::Other, Binding::Pool));
                }
                (Pat::Ident(ident), None) if self.decls.alias_node(&p.ty).is_some() => {
                    let node = self.facts.get(&Key::FnParam(id, index));
                    self.bind(&ident.ident, node.map_or(Binding::Other, Binding::Pool));
                }
                (Pat::Ident(ident), None) if captures::clone_type(&p.ty) => {
                    self.bind(&ident.ident, Binding::Clone);
                }
                _ => {}
            }
            index += 1;
        }
        let helper = self.decls.helpers.get(helper_key).copied();
        let outer_tail = match (helper, block.stmts.last()) {
            (Some(id), Some(Stmt::Expr(tail, None))) if self.is_worker_new(tail) => {
                self.tail_worker.replace(TailWorker {
                    tail: key(&self.range(tail)),
                    name: String::new(),
                    after_let: (0, String::new(), "\n"),
                    made: None,
                    helper: Some(id),
                })
            }
            _ => self.tail_worker.take(),
        };
        self.visit_block(block);
        self.tail_worker = outer_tail;
        if let (Some(id), Some(Stmt::Expr(tail, None))) = (helper, block.stmts.last())
            && !self.is_worker_new(tail)
        {
            self.fill_helper_branches(id, tail);
        }
        if let Some(Stmt::Expr(tail, None)) = block.stmts.last() {
            for leaf in branches::leaves(tail) {
                if !self.returned_in_tuple(leaf.expr) {
                    self.returned(leaf.expr);
                }
            }
        }
        self.fns = outer_fns;
        self.generics.pop();
        (self.loops, self.closures) = outer_depth;
    }
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.module.push(m.ident.to_string());
        visit::visit_item_mod(self, m);
        self.module.pop();
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        self.generics.push(generic_names(&i.generics));
        let ty = match &*i.self_ty {
            syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        };
        self.impl_types.push(ty.unwrap_or_default());
        let pool = match &i.trait_ {
            Some(_) => {
                let def = DefId(self.loc(self.source.range(i.impl_token.span).start));
                self.facts.get(&Key::PoolImpl(def))
            }
            None => None,
        };
        self.impl_pools.push(pool);
        visit::visit_item_impl(self, i);
        self.impl_pools.pop();
        self.impl_types.pop();
        self.generics.pop();
    }

    fn visit_item_trait(&mut self, t: &'ast syn::ItemTrait) {
        self.generics.push(generic_names(&t.generics));
        visit::visit_item_trait(self, t);
        self.generics.pop();
    }

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.function(&f.sig, &f.block, &f.sig.ident.to_string());
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        let ty = self.impl_types.last().cloned().unwrap_or_default();
        self.function(&f.sig, &f.block, &format!("{ty}::{}", f.sig.ident));
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(block) = &f.default {
            self.function(&f.sig, block, &f.sig.ident.to_string());
        }
    }

    fn visit_item_static(&mut self, s: &'ast syn::ItemStatic) {
        let def = DefId(self.loc(self.source.range(s.ident.span()).start));
        let node = self.facts.get(&Key::Static(def));
        // `static POOL: LazyLock<Pool> = LazyLock::new(|| Pool::new(n));` (or a block ending in the pool, or `build`)
        if let (Some(node), Expr::Call(call)) = (node, &*s.expr)
            && let Some(init) = flow::lazy_initialiser(call)
        {
            self.initialised_by(node, init);
        }
        visit::visit_item_static(self, s);
    }

    fn visit_block(&mut self, b: &'ast syn::Block) {
        let id = self.next_block;
        self.next_block += 1;
        self.blocks.push(id);
        let last = b.stmts.len().saturating_sub(1);
        for (i, stmt) in b.stmts.iter().enumerate() {
            match stmt {
                Stmt::Expr(e, semi)
                    if let Expr::Match(m) = e
                        && let Some((call, kept)) = handled::error_match(m) =>
                {
                    // `match pool.add_worker(&w) { Ok(()) => {} Err(e) => .. }`: a check, as `if let Err(e)` is;
                    // an `Ok(()) => done(),` arm always ran after the call, so `done()` follows it.
                    let mut whole = self.range(e);
                    if let Some(semi) = semi {
                        whole.end = self.source.range(semi.span).end;
                    }
                    let kept = kept.map(|k| {
                        let (indent, newline) = self.line_shape(whole.start);
                        let text = self.source.text[self.range(k)].trim();
                        let end = if semi.is_some() || i != last { ";" } else { "" };
                        format!("{newline}{indent}{text}{end}")
                    });
                    self.dead_checks
                        .insert(key(&self.range(call)), (whole, kept));
                }
                Stmt::Expr(e, Some(semi)) => {
                    let end = self.source.range(semi.span).end;
                    self.stmt_ctx
                        .insert(key(&self.range(e)), (StmtCtx::Semi, Some(end)));
                }
                Stmt::Expr(e, None) if i == last => {
                    self.stmt_ctx
                        .insert(key(&self.range(e)), (StmtCtx::Tail, None));
                }
                Stmt::Local(l) if matches!(l.pat, Pat::Wild(_)) => {
                    if let Some(init) = &l.init {
                        self.stmt_ctx.insert(
                            key(&self.range(&*init.expr)),
                            (StmtCtx::LetUnderscore, None),
                        );
                    }
                }
                _ => {}
            }
        }
        let is_body = self.fns.last().and_then(|f| f.body) == Some(key(&self.range(b)));
        for stmt in &b.stmts {
            self.visit_stmt(stmt);
        }
        if is_body && let Some(Stmt::Expr(tail, None)) = b.stmts.last() {
            self.returned(tail);
        }
        // The worker of `let w = { ..; Worker::new(f) };` is made once the block's statements are walked.
        if let Some(Stmt::Expr(tail, None)) = b.stmts.last()
            && let Some(t) = &self.tail_worker
            && t.made.is_none()
            && t.tail == key(&self.range(tail))
        {
            let (name, after_let) = (t.name.clone(), t.after_let.clone());
            let w = match t.helper {
                Some(id) => self.fill_helper(id, tail),
                None => self.worker_decl(tail, Some(name), after_let),
            };
            self.tail_worker.as_mut().expect("checked").made = Some(w);
        }
        self.blocks.pop();
    }

    fn visit_stmt(&mut self, s: &'ast Stmt) {
        if let Stmt::Item(item) = s {
            // The statements around it are not this item's.
            self.visit_item(item);
            return;
        }
        if let Stmt::Expr(e, Some(_)) = s {
            self.collected_try_for_each(e);
            self.adding_try_for_each(e);
        }
        self.stmts.push(self.range(s));
        visit::visit_stmt(self, s);
        self.stmts.pop();
    }

    fn visit_expr_try(&mut self, t: &'ast syn::ExprTry) {
        self.note_unwrapped(&t.expr);
        self.tried.insert(key(&self.range(&*t.expr)));
        let callee = match &*t.expr {
            Expr::Call(c) => match &*c.func {
                Expr::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
                _ => None,
            },
            Expr::MethodCall(m) => Some(m.method.to_string()),
            _ => None,
        };
        // `f()?` where f returns workerpool::Error too: both error types must stay the same.
        if let (Some(name), Some(error)) = (callee, self.fns.last().and_then(|f| f.error))
            && self.decls.error_fns.contains(&name)
        {
            let loc = self.loc(self.range(t).start);
            let other = self.facts.error_node(Key::ErrorRet(name), loc);
            self.facts.union(error, other);
        }
        if let Expr::MethodCall(m) = &*t.expr
            && POOL_METHODS.contains(&m.method.to_string().as_str())
        {
            self.wrappers
                .insert(key(&self.range(m)), (self.range(t), Wrapper::Try));
        }
        // `pool.add_worker(&w).map_err(|e| e.to_string())?`, `pool.delegate(j).context("..")?`: the error is only
        // formatted, or wrapped into anyhow's, a type that does not depend on the pool's.
        if let Expr::MethodCall(map_err) = &*t.expr
            && let Expr::MethodCall(m) = &*map_err.receiver
            && matches!(m.method.to_string().as_str(), "delegate" | "add_worker")
            && self.error_only_formatted(map_err)
        {
            self.wrappers
                .insert(key(&self.range(m)), (self.range(t), Wrapper::Formatted));
        }
        visit::visit_expr_try(self, t);
    }

    fn visit_local(&mut self, l: &'ast syn::Local) {
        let Some(init) = &l.init else {
            return;
        };
        let (named, annotation) = match &l.pat {
            Pat::Ident(p) if p.subpat.is_none() && p.by_ref.is_none() => (Some(&p.ident), None),
            Pat::Type(t) => match &*t.pat {
                Pat::Ident(p) if p.subpat.is_none() && p.by_ref.is_none() => {
                    (Some(&p.ident), Some(&*t.ty))
                }
                _ => (None, None),
            },
            _ => (None, None),
        };
        if init.diverge.is_none() && self.tuple_let(&l.pat, &init.expr) {
            return;
        }
        if let (Some(named), None, None) = (named, annotation, &init.diverge)
            && self.map_let(named, &init.expr)
        {
            self.visit_expr(&init.expr);
            return;
        }
        let ident = named.map(ToString::to_string);
        if let (Some(named), None, Expr::Closure(c)) = (named, annotation, &*init.expr) {
            self.closure_local(named, c);
        }
        if let (Some(named), None, Some(was)) = (named, annotation, literal_type(&init.expr))
            && let Some(id) = self.tree.binding_at(self.source.range(named.span()).start)
        {
            self.literal_bindings.insert(id, was);
        }
        let strukt = match annotation {
            Some(ty) => self.struct_of_type(ty),
            None => self.struct_of_value(&init.expr),
        };
        if let (Some(named), Some(strukt)) = (named, strukt) {
            self.typed(named, strukt);
        }
        if let (Some(named), None) = (named, &init.diverge)
            && self.collected_let(l, named, annotation, &init.expr)
        {
            return;
        }
        if let (Some(name), None, None, Expr::MethodCall(m)) =
            (&ident, &init.diverge, annotation, &*init.expr)
            && m.method == "clone"
            && m.args.is_empty()
            && let Expr::Path(p) = &*m.receiver
            && let Some(of) = p.path.get_ident()
            && let Some(Binding::Worker(w)) = self.lookup(&of.to_string(), self.range(p).start)
            && self.facts.workers[w].depth == self.nesting()
        {
            // `let extra = w.clone();` where `w` is made: the same worker, under another name.
            self.visit_expr(&init.expr);
            self.worker_accounted.insert(key(&self.range(p)));
            let end = self.range(l).end;
            self.facts.workers[w].clones.push((name.clone(), end));
            self.bind(named.expect("bound by name"), Binding::Worker(w));
            return;
        }
        if let (Some(_), None, None, Expr::MethodCall(m)) =
            (&ident, &init.diverge, annotation, &*init.expr)
            && let Some(id) = self.helper_method_call(m)
        {
            // `let w = Hasher { .. }.into_worker();`: the method form of `let w = helper(..);`.
            self.visit_expr(&init.expr);
            self.worker_accounted.insert(key(&self.range(m)));
            self.helper_bindings.push(self.nesting());
            self.helper_binding_clones.push(false);
            let b = self.helper_bindings.len() - 1;
            self.bind(named.expect("bound by name"), Binding::HelperWorker(id, b));
            return;
        }
        if let (Some(_), None, None, Expr::Block(b)) =
            (&ident, &init.diverge, annotation, &*init.expr)
            && b.label.is_none()
            && let Some(Stmt::Expr(Expr::Call(c), None)) = b.block.stmts.last()
            && let Some(id) = self.helper_call(c)
        {
            // `let w = { let total = Arc::clone(&total); helper(move |n| ..) };`: the block's tail is the call.
            self.visit_expr(&init.expr);
            self.worker_accounted.insert(key(&self.range(c)));
            self.helper_bindings.push(self.nesting());
            let clone = self.clone_by_argument(id, c);
            self.helper_binding_clones.push(clone);
            let b = self.helper_bindings.len() - 1;
            self.bind(named.expect("bound by name"), Binding::HelperWorker(id, b));
            return;
        }
        if let (Some(_), None, None, Expr::Call(c)) =
            (&ident, &init.diverge, annotation, &*init.expr)
            && let Some(id) = self.helper_call(c)
        {
            // `let w = helper(..);`: added once, where it is bound, it moves in as the helper's closure.
            self.visit_expr(&init.expr);
            self.worker_accounted.insert(key(&self.range(c)));
            let b = self.helper_bindings.len();
            self.helper_bindings.push(self.nesting());
            let clone = self.clone_by_argument(id, c);
            self.helper_binding_clones.push(clone);
            self.bind(named.expect("bound by name"), Binding::HelperWorker(id, b));
            return;
        }
        if let (Some(name), None) = (&ident, &init.diverge)
            && self.is_worker_new(&init.expr)
        {
            let stmt = self.range(l);
            let (indent, newline) = self.line_shape(stmt.start);
            let w = self.worker_decl(&init.expr, Some(name.clone()), (stmt.end, indent, newline));
            if let Some(ty) = annotation {
                self.worker_annotation(w, named.expect("bound by name"), ty, stmt.start);
            }
            self.visit_expr(&init.expr);
            self.bind(named.expect("bound by name"), Binding::Worker(w));
            return;
        }
        if let (Some(name), None, Expr::Block(b)) = (&ident, &init.diverge, &*init.expr)
            && b.label.is_none()
            && let Some(Stmt::Expr(tail, None)) = b.block.stmts.last()
            && self.is_worker_new(tail)
        {
            // `let w = { let tx = tx.clone(); Worker::new(move |job| ..) };`
            let stmt = self.range(l);
            let (indent, newline) = self.line_shape(stmt.start);
            let outer = (*self.blocks.last().expect("a block"), self.nesting());
            let outer_tail = self.tail_worker.replace(TailWorker {
                tail: key(&self.range(tail)),
                name: name.clone(),
                after_let: (stmt.end, indent, newline),
                made: None,
                helper: None,
            });
            self.visit_expr(&init.expr);
            let made = std::mem::replace(&mut self.tail_worker, outer_tail).and_then(|t| t.made);
            if let Some(w) = made {
                let decl = &mut self.facts.workers[w];
                (decl.block, decl.depth) = outer;
                if let Some(ty) = annotation {
                    self.worker_annotation(w, named.expect("bound by name"), ty, stmt.start);
                }
                self.bind(named.expect("bound by name"), Binding::Worker(w));
                return;
            }
        } else {
            self.visit_expr(&init.expr);
        }
        if let Some((_, diverge)) = &init.diverge {
            self.visit_expr(diverge);
        }
        match (&ident, init.diverge.is_none()) {
            (Some(name), true) if self.classify(&init.expr).is_some() => {
                let node = self.accept(&init.expr, None).expect("classified");
                if let Some(ty) = annotation {
                    match pool_type(self.names, self.source, ty) {
                        Some(at) => {
                            self.facts.type_sites.push(TypeSite {
                                node,
                                loc: self.loc(at.insert_at),
                                scope: self.scope(),
                                kind: SiteKind::Type,
                            });
                            self.facts
                                .owners
                                .insert(self.loc(at.name_start), Owner::Group(node));
                        }
                        // `let pool: SharedPool = ..`: the alias's pool, typed where the alias is.
                        None if let Some(alias) = self.decls.alias_node(ty) => {
                            self.facts.union(node, alias);
                        }
                        None => {
                            let loc = self.loc(self.range(ty).start);
                            self.facts.refuse(node, loc, Refusal::UnreadableAnnotation);
                        }
                    }
                }
                self.bind(named.expect("bound by name"), Binding::Pool(node));
            }
            (Some(name), true)
                if annotation
                    .map_or_else(|| captures::clone_value(&init.expr), captures::clone_type) =>
            {
                self.bind(named.expect("bound by name"), Binding::Clone);
            }
            (None, true) if self.is_std_channel(&init.expr) => {
                // `let (tx, rx) = mpsc::channel();`: the sender is Clone.
                if let Pat::Tuple(t) = &l.pat
                    && let Some(Pat::Ident(sender)) = t.elems.first()
                {
                    self.bind(&sender.ident, Binding::Clone);
                }
            }
            _ => {}
        }
    }

    fn visit_expr_closure(&mut self, c: &'ast syn::ExprClosure) {
        for input in &c.inputs {
            if let Pat::Type(t) = input
                && let Pat::Ident(ident) = &*t.pat
                && let Some(strukt) = self.struct_of_type(&t.ty)
            {
                self.typed(&ident.ident, strukt);
            }
        }
        let id = self.fns.first().map_or(FnId(self.loc(0)), |f| f.id);
        let target = match &c.output {
            syn::ReturnType::Default => TryTarget::Unknown,
            out => try_target(self.names, self.source, out),
        };
        let taken = self.fns.last().map(|f| f.taken.clone()).unwrap_or_default();
        let error = match target {
            TryTarget::Linked { name_start } => {
                let node = self.facts.fresh_error_node(self.loc(name_start));
                self.facts
                    .owners
                    .insert(self.loc(name_start), Owner::Group(node));
                Some(node)
            }
            _ => None,
        };
        let ret = self.closure_into.get(&key(&self.range(c))).copied();
        let body = match &*c.body {
            Expr::Block(b) if ret.is_some() => Some(key(&self.range(&b.block))),
            _ => None,
        };
        self.fns.push(FnCtx {
            id,
            body,
            tails: Vec::new(),
            target,
            error,
            ret,
            ret_alias: None,
            taken,
        });
        if !matches!(&*c.body, Expr::Block(_)) {
            self.stmt_ctx
                .insert(key(&self.range(&*c.body)), (StmtCtx::ClosureBody, None));
        }
        self.closures += 1;
        self.visit_expr(&c.body);
        if ret.is_some() && !matches!(&*c.body, Expr::Block(_)) {
            self.returned(&c.body);
        }
        self.closures -= 1;
        self.fns.pop();
    }

    fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
        if let (Pat::Ident(p), Expr::Range(r)) = (&*f.pat, &*f.expr)
            && [&r.start, &r.end]
                .iter()
                .all(|e| e.as_deref().is_none_or(|e| literal_type(e) == Some("i32")))
            && (r.start.is_some() || r.end.is_some())
            && let Some(id) = self
                .tree
                .binding_at(self.source.range(p.ident.span()).start)
        {
            self.literal_bindings.insert(id, "i32");
        }
        self.map_loop(f);
        self.visit_expr(&f.expr);
        self.collected_loop(f);
        self.loops += 1;
        self.visit_block(&f.body);
        self.loops -= 1;
    }

    fn visit_expr_while(&mut self, w: &'ast syn::ExprWhile) {
        self.loops += 1;
        self.visit_expr(&w.cond);
        self.visit_block(&w.body);
        self.loops -= 1;
    }

    fn visit_expr_loop(&mut self, l: &'ast syn::ExprLoop) {
        self.loops += 1;
        self.visit_block(&l.body);
        self.loops -= 1;
    }

    fn visit_expr_if(&mut self, i: &'ast syn::ExprIf) {
        if let Expr::Let(l) = &*i.cond
            && handled::if_let_only_formats(l, &i.then_branch)
        {
            self.formatted_results.insert(key(&self.range(&*l.expr)));
        }
        if let Some(call) = handled::error_check(i) {
            self.dead_checks
                .insert(key(&self.range(call)), (self.range(i), None));
        }
        self.visit_expr(&i.cond);
        self.visit_block(&i.then_branch);
        if let Some((_, e)) = &i.else_branch {
            self.visit_expr(e);
        }
    }

    fn visit_expr_let(&mut self, l: &'ast syn::ExprLet) {
        // `if let Some(pool) = &self.pool` / `= self.pool.take()`: the binding holds the pool of an `Option<Pool>`.
        if let Some(p) = some_binding(&l.pat)
            && let Some(node) = self.accept(&l.expr, None)
        {
            self.bind(&p.ident, Binding::Pool(node));
        }
        self.bind_variant_pattern(&l.pat);
        self.visit_expr(&l.expr);
    }

    fn visit_expr_match(&mut self, m: &'ast syn::ExprMatch) {
        if handled::match_only_formats(m) {
            self.formatted_results.insert(key(&self.range(&*m.expr)));
        }
        // `match &self.pool { Some(p) => .., None => .. }`: as `if let`, each `Some(p)` binds the pool of an
        // `Option<Pool>`; an arm of any other pattern leaves the scrutinee unfollowed.
        let option_arms = m.arms.iter().all(|a| {
            some_binding(&a.pat).is_some()
                || matches!(&a.pat, Pat::Wild(_))
                || matches!(&a.pat, Pat::Ident(i) if i.ident == "None" && i.subpat.is_none())
        });
        if option_arms
            && m.arms.iter().any(|a| some_binding(&a.pat).is_some())
            && let Some(node) = self.accept(&m.expr, None)
        {
            for arm in &m.arms {
                if let Some(p) = some_binding(&arm.pat) {
                    self.bind(&p.ident, Binding::Pool(node));
                }
            }
        }
        self.visit_expr(&m.expr);
        for arm in &m.arms {
            self.bind_variant_pattern(&arm.pat);
            if let Some((_, g)) = &arm.guard {
                self.visit_expr(g);
            }
            self.visit_expr(&arm.body);
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.macro_args(mac);
    }

    fn visit_expr_path(&mut self, p: &'ast syn::ExprPath) {
        self.helper_path_use(p);
        if let Some(ident) = p.path.get_ident()
            && let Some(id) = self.tree.resolve(&ident.to_string(), self.range(p).start)
        {
            *self.binding_reads.entry(id).or_default() += 1;
        }
        let mut local = false;
        if p.qself.is_none() && p.path.segments.len() == 1 {
            let name = p.path.segments[0].ident.to_string();
            local = true;
            match self.lookup(&name, self.range(p).start) {
                Some(Binding::Pool(node)) => self.occurrences.push((node, self.range(p))),
                Some(Binding::PoolMap(node)) => {
                    // A local bound to a map of pools: each use must be a followed map form.
                    self.map_uses.push((node, self.range(p), name.clone()));
                }
                Some(binding) => {
                    if let Binding::HelperWorkers(_, i) | Binding::CollectedHelper(_, i) = binding {
                        self.helper_vec_uses.insert(key(&self.range(p)), i);
                    }
                    if let Some(w) = binding.worker() {
                        self.worker_uses.push((w, self.range(p)))
                    }
                }
                None => match self.static_node(&name, self.range(p).start) {
                    Some(node) => self.occurrences.push((node, self.range(p))),
                    None => local = false,
                },
            }
        }
        // A function returning a pool, named as a value: its pool goes wherever the function is called from.
        if !local
            && !self.called.contains(&key(&self.range(p)))
            && let Some(node) = self.fn_value(p)
        {
            self.fn_values.push((node, self.range(p)));
        }
        visit::visit_expr_path(self, p);
    }

    fn visit_expr_field(&mut self, f: &'ast syn::ExprField) {
        if self.map_use(f) {
            visit::visit_expr_field(self, f);
            return;
        }
        if let syn::Member::Named(ident) = &f.member
            && let Some(node) = self.field_node(&f.base, &ident.to_string())
        {
            if self.decls.other_fields.contains(&ident.to_string())
                && self.known_struct(&f.base).is_none()
            {
                let loc = self.loc(self.range(f).start);
                let expr = self.source.text[self.range(f)].trim().to_string();
                let field = ident.to_string();
                self.facts
                    .refuse(node, loc, Refusal::AmbiguousField { field, expr });
            }
            self.occurrences.push((node, self.range(f)));
        }
        if let syn::Member::Unnamed(index) = &f.member {
            let index = index.index as usize;
            match self.tuple_field_node(&f.base, index) {
                Some(node) => self.occurrences.push((node, self.range(f))),
                // `x.0` of a value this tool cannot type may read any tuple struct's pool at that index.
                None if self.known_struct(&f.base).is_none() => {
                    self.refuse_tuple_fields(index, f);
                }
                None => {}
            }
        }
        visit::visit_expr_field(self, f);
    }

    fn visit_expr_call(&mut self, call: &'ast ExprCall) {
        self.called.insert(key(&self.range(&*call.func)));
        if self.returned_ok(call) {
            visit::visit_expr_call(self, call);
            return;
        }
        if let Some(id) = self.helper_call(call) {
            self.worker_uses.push((id, self.range(call)));
            self.helper_funcs.insert(key(&self.range(&*call.func)));
        }
        if let Some(node) = self.ctor(call) {
            self.occurrences.push((node, self.range(call)));
        } else if self.tuple_struct_ctor(call) || self.variant_ctor(call) {
            // `Executor(pool)`, `Executor::Threaded(pool)`: each pool argument went into its field.
        } else if let Expr::Path(p) = &*call.func {
            let names = PathNames::of(&p.path);
            let via = self.path_via(&names);
            if let Some(name) = self.crate_fn(&names)
                && let Some(node) = self.fn_ret(name, &via)
            {
                self.occurrences.push((node, self.range(call)));
                self.refuse_kept_result(node, self.range(call), name, &via);
            }
            if !names.wraps_its_argument()
                && let Some(name) = names.last()
            {
                // A method called by path (`Type::method(&x, pool)`) has `self` as its first argument.
                let shift = usize::from(
                    names.is_qualified()
                        && self
                            .decls
                            .receivers
                            .get(name)
                            .is_some_and(|r| r.iter().all(|&b| b)),
                );
                self.arguments(&name.clone(), &via, &call.args, shift);
            }
        }
        visit::visit_expr_call(self, call);
    }

    fn visit_expr_method_call(&mut self, m: &'ast ExprMethodCall) {
        let method = m.method.to_string();
        self.helper_method_use(m);
        if results::is_unwrap(m) {
            self.note_unwrapped(&m.receiver);
        }
        self.note_fail_fast(m);
        self.note_counted_errors(m);
        let unwraps =
            matches!(method.as_str(), "unwrap" | "expect") || handled::unwraps_formatting(m);
        if (unwraps || matches!(method.as_str(), "is_ok" | "is_err" | "ok"))
            && let Expr::MethodCall(inner) = &*m.receiver
            && POOL_METHODS.contains(&inner.method.to_string().as_str())
        {
            let kind = if unwraps {
                Wrapper::Unwrap
            } else {
                Wrapper::Inspect
            };
            self.wrappers
                .insert(key(&self.range(inner)), (self.range(m), kind));
        }
        if let Expr::MethodCall(inner) = &*m.receiver
            && matches!(inner.method.to_string().as_str(), "delegate" | "add_worker")
            && self.error_only_formatted(m)
        {
            // Under `?`, the wrapper (and its statement) is the `?` expression, recorded by visit_expr_try.
            let outer = self.range(m);
            self.wrappers
                .entry(key(&self.range(inner)))
                .or_insert((outer, Wrapper::Formatted));
        }
        if let Some(node) = self.fn_ret(&method, &CallVia::Method) {
            self.occurrences.push((node, self.range(m)));
            self.refuse_kept_result(node, self.range(m), &method, &CallVia::Method);
        }
        if let Some((node, _)) = self.classify(&m.receiver) {
            if let Some(init) = flow::initialiser(m) {
                // `POOL.get_or_init(|| ..)` or `POOL.get_or_init(build)`: it makes the pool the cell holds.
                self.accept(&m.receiver, None);
                self.initialised_by(node, init);
            } else if POOL_METHODS.contains(&method.as_str()) {
                self.accept(&m.receiver, None);
                self.pool_call(node, m);
            } else if flow::is_option_access(m) || flow::is_lock_access(m) {
                // `self.pool.take()`, `POOL.lock()`: the pool itself (or its guard), followed where that value goes.
            } else if results::drops_ok(m) && self.ok_shape(&m.receiver).is_some() {
                // `start(..).is_err()`, `start(..).err()`: the pool inside `Ok` is dropped, in 3.x as in 2.x.
                self.note_unwrapped(&m.receiver);
                self.accept(&m.receiver, None);
            } else if let Some(impls) = self.decls.pool_impl_methods.get(&method).cloned() {
                // `pool.submit_all(..)` of the crate's `impl Trait for Pool`: its `self` is this pool.
                for of_impl in impls {
                    self.accept(&m.receiver, Some(of_impl));
                }
            } else if matches!(method.as_str(), "is_some" | "is_none") && m.args.is_empty() {
                // Whether an `Option<Pool>` holds one: the same in 3.x.
                self.accept(&m.receiver, None);
            } else if method != "clone" || !m.args.is_empty() {
                self.accept(&m.receiver, None);
                let loc = self.loc(self.source.range(m.method.span()).start);
                let method = method.clone();
                self.facts
                    .refuse(node, loc, Refusal::UnknownMethod { method });
            }
        } else if POOL_METHODS.contains(&method.as_str())
            && let Some(node) = self.deref_pool(&m.receiver, &method)
        {
            // `wrapper.delegate(..)` on a struct that derefs to its pool.
            self.pool_call(node, m);
        }
        if !self.map_method(m) {
            self.arguments(&method, &CallVia::Method, &m.args, 0);
        }
        visit::visit_expr_method_call(self, m);
    }

    fn visit_expr_index(&mut self, i: &'ast syn::ExprIndex) {
        self.map_index(i);
        visit::visit_expr_index(self, i);
    }

    fn visit_expr_struct(&mut self, s: &'ast syn::ExprStruct) {
        for field in &s.fields {
            if self.classify(&field.expr).is_none() {
                continue;
            }
            let owner = match s.path.segments.last() {
                Some(last) if last.ident == "Self" => self.impl_types.last().cloned(),
                Some(last) => Some(last.ident.to_string()),
                None => None,
            };
            let target = match &field.member {
                syn::Member::Named(ident) => {
                    self.struct_field(owner.as_deref(), &ident.to_string())
                }
                syn::Member::Unnamed(_) => None,
            };
            match target {
                Some(target) => {
                    self.accept(&field.expr, Some(target));
                }
                None => self.refuse_flow(&field.expr, Refusal::UnfollowedField),
            }
        }
        visit::visit_expr_struct(self, s);
    }

    fn visit_expr_assign(&mut self, a: &'ast syn::ExprAssign) {
        // `self.pool = None;`: an `Option<Pool>` emptied, nothing flows.
        if matches!(&*a.right, Expr::Path(p) if p.path.is_ident("None")) {
            self.accept(&a.left, None);
        }
        if self.classify(&a.right).is_some() {
            match self.classify(&a.left) {
                Some((left, _)) => {
                    self.accept(&a.left, None);
                    self.accept(&a.right, Some(left));
                }
                None => self.refuse_flow(&a.right, Refusal::UnfollowedAssignment),
            }
        }
        visit::visit_expr_assign(self, a);
    }

    fn visit_expr_return(&mut self, r: &'ast syn::ExprReturn) {
        if let Some(e) = &r.expr {
            self.note_returned_ok(e);
        }
        // A `return` outside closures returns from the function, which may return its pool in a tuple.
        if let Some(e) = &r.expr
            && self.closures == 0
            && self.returned_in_tuple(e)
        {
        } else if let Some(e) = &r.expr
            && self.classify(e).is_some()
        {
            match self.fns.last().and_then(|f| f.ret) {
                Some(ret) => {
                    self.accept(e, Some(ret));
                }
                None => {
                    let reason = self.return_refusal();
                    self.refuse_flow(e, reason);
                }
            }
        }
        visit::visit_expr_return(self, r);
    }
}

/// The `p` of a `Some(p)` pattern (no sub-pattern): what an `Option<Pool>` holds, bound by `if let` or a `match` arm.
fn some_binding(pat: &Pat) -> Option<&syn::PatIdent> {
    let Pat::TupleStruct(t) = pat else {
        return None;
    };
    match t.elems.iter().collect::<Vec<_>>()[..] {
        [Pat::Ident(p)] if t.qself.is_none() && t.path.is_ident("Some") && p.subpat.is_none() => {
            Some(p)
        }
        _ => None,
    }
}

fn generic_names(g: &syn::Generics) -> Vec<String> {
    g.params
        .iter()
        .map(|p| match p {
            syn::GenericParam::Type(t) => t.ident.to_string(),
            syn::GenericParam::Lifetime(l) => format!("'{}", l.lifetime.ident),
            syn::GenericParam::Const(c) => c.ident.to_string(),
        })
        .collect()
}

/// The identifiers in `tokens`, sorted, each once, added to `out`.
pub(super) fn collect_idents(tokens: proc_macro2::TokenStream, out: &mut Vec<String>) {
    let mut idents = Vec::new();
    collect_ident_tokens(tokens, &mut idents);
    out.extend(idents.into_iter().map(|i| i.to_string()));
    out.sort();
    out.dedup();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::declare::Declarer;

    /// The flow layer's facts about `text` (a file of a crate on 2.x): each pool (a group of places, named by where
    /// it is first seen) with the calls on it, the workers added or removed and the refusals, then each worker.
    fn facts(text: &str) -> String {
        let source =
            Source::from_bytes(std::path::Path::new("t.rs"), text.as_bytes().to_vec()).unwrap();
        let syntax = source.parse().unwrap();
        let names = Names::collect(&source, &syntax, true);
        let tree = ScopeTree::of_file(&source, &syntax);
        let (mut facts, mut decls) = (Facts::default(), Decls::default());
        Declarer::new(FileId(0), &source, &names, &mut facts, &mut decls).items(&syntax.items);
        Collector::new(FileId(0), &source, &names, &tree, &mut facts, &decls).run(&syntax);
        let place = |loc: Loc| {
            let (l, c) = source.line_col(loc.offset);
            format!("{l}:{c}")
        };
        let mut roots: Vec<NodeId> = (0..facts.len())
            .filter(|n| !facts.not_pools.contains(n))
            .map(|n| facts.root(n))
            .collect();
        roots.sort_by_key(|r| facts.first_seen[r]);
        roots.dedup();
        let mut out = String::new();
        for root in roots {
            out.push_str(&format!("pool {}\n", place(facts.first_seen[&root])));
            for (node, _, kind, loc) in &facts.calls {
                if facts.root(*node) == root {
                    out.push_str(&format!("  {kind:?} {}\n", place(*loc)));
                }
            }
            for s in facts
                .worker_sites
                .iter()
                .filter(|s| facts.root(s.node) == root)
            {
                let what = if s.remove { "removes" } else { "adds" };
                let clone = if s.bound_clone {
                    ", Clone by its argument"
                } else {
                    ""
                };
                out.push_str(&format!(
                    "  {what} worker {} ({:?}){clone}\n",
                    s.worker.0, s.ctx
                ));
            }
            for (node, loc, reason) in &facts.refusals {
                if facts.root(*node) == root {
                    out.push_str(&format!("  refused {} {}\n", place(*loc), reason.id()));
                }
            }
        }
        for (i, w) in facts.workers.iter().enumerate() {
            let job = w.job.as_ref().map_or("?", |j| j.text.as_str());
            let refusal = w.refusal.as_ref().map_or(String::new(), |(loc, r)| {
                format!(", refused {} {}", place(*loc), r.id())
            });
            let clone = if w.helper_clone { " (Clone)" } else { "" };
            out.push_str(&format!(
                "worker {i} {:?}{clone} job {job}{refusal}\n",
                w.kind
            ));
        }
        out
    }

    #[test]
    fn a_pool_flows_through_lets_arguments_and_returns_and_meets_its_calls() {
        let got = facts(
            "use workerpool::{Pool, Worker};\n\nfn make() -> Pool {\n    let pool = Pool::new(2);\n    let w = Worker::new(|n: u8| drop(n));\n    pool.add_worker(&w).unwrap();\n    pool\n}\n\nfn feed(pool: &Pool) {\n    pool.delegate(1u8).unwrap();\n}\n\nfn main() {\n    let pool = make();\n    let same = pool.clone();\n    feed(&same);\n    println!(\"{}\", pool.workers_num());\n    let _ = pool.stop();\n}\n",
        );
        expect_test::expect![[r#"
            pool 3:14
              AddWorker 6:10
              Delegate 11:10
              Other 18:25
              Stop 19:18
              adds worker 0 (Semi)
            worker 0 Closure job u8
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn what_the_flow_cannot_follow_is_refused_where_it_happens() {
        let got = facts(
            "use workerpool::{Pool, Worker};\n\nfn main() {\n    let pool = Pool::new(2);\n    let tx = std::sync::mpsc::channel::<u8>().0;\n    let w = Worker::new(move |n: u8| tx.send(n).unwrap());\n    pool.add_worker(&w).unwrap();\n    pool.add_worker(&w).unwrap();\n    let v = vec![pool];\n    other(&w);\n    let untyped = Worker::new(|n| drop::<u8>(n));\n    let second = Pool::new(1);\n    second.add_worker(&untyped).unwrap();\n    let n = { let pool = 3; pool };\n}\n",
        );
        expect_test::expect![[r#"
            pool 4:16
              AddWorker 7:10
              AddWorker 8:10
              adds worker 0 (Semi)
              adds worker 0 (Semi)
              refused 9:18 unfollowed-use
            pool 12:18
              AddWorker 13:12
              adds worker 1 (Semi)
            worker 0 MoveClosure job u8, refused 10:12 worker-used-otherwise
            worker 1 Closure job ?, refused 11:19 job-type-unknown
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn the_branches_of_an_if_or_match_are_one_pool_and_one_unfollowed_branch_refuses_it() {
        let got = facts(
            "use workerpool::{Pool, Worker};\nfn sized(big: bool) -> Pool {\n    let pool = if big { Pool::new(8) } else { Pool::new(2) };\n    pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    match big { true => pool, false => unreachable!() }\n}\nfn make() -> Pool { Pool::new(1) }\nfn pick(local: bool) -> Pool {\n    if local { make() } else { std::thread::spawn(make).join().unwrap() }\n}\n",
        );
        expect_test::expect![[r#"
            pool 2:24
              AddWorker 4:10
              adds worker 0 (Semi)
            pool 7:14
              refused 9:32 unfollowed-branch
              refused 9:51 function-as-value
            worker 0 Closure job u8
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_function_that_makes_a_pool_joins_the_cell_it_initialises_and_nothing_else() {
        // `LazyLock::new(make)` and `get_or_init(Self::make)` join the function's pool with the static; the
        // function handed to `thread::spawn` is a flow this tool does not follow.
        let got = facts(
            "use std::sync::{LazyLock, OnceLock};\nuse workerpool::{Pool, Worker};\nstatic A: LazyLock<Pool> = LazyLock::new(make);\nstatic B: OnceLock<Pool> = OnceLock::new();\nfn make() -> Pool {\n    let pool = Pool::new(1);\n    pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    pool\n}\nstruct S;\nimpl S {\n    fn make() -> Pool { Pool::new(1) }\n    fn get() -> &'static Pool { B.get_or_init(Self::make) }\n}\nfn other() -> Pool { Pool::new(1) }\nfn main() {\n    let p = std::thread::spawn(other).join().unwrap();\n    p.stop();\n}\n",
        );
        expect_test::expect![[r#"
            pool 3:20
              AddWorker 7:10
              adds worker 0 (Semi)
            pool 4:20
            pool 15:15
              refused 17:32 function-as-value
            worker 0 Closure job u8
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn an_option_of_a_pool_hands_back_the_same_pool() {
        // Some(..), take(), as_ref(), if let Some(p), is_some() and `= None` are followed; `map` is not.
        let got = facts(
            "use workerpool::{Pool, Worker};\nstruct S { pool: Option<Pool> }\nimpl S {\n    fn new() -> S {\n        let pool = Pool::new(1);\n        pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n        S { pool: Some(pool) }\n    }\n    fn go(&mut self) {\n        self.pool.as_ref().unwrap().delegate(1u8).unwrap();\n        if self.pool.is_some() {\n            if let Some(p) = self.pool.take() { p.stop(); }\n        }\n        self.pool = None;\n    }\n    fn other(&self) -> Option<usize> {\n        self.pool.as_ref().map(|p| p.workers_num())\n    }\n}\n",
        );
        expect_test::expect![[r#"
            pool 2:25
              AddWorker 6:14
              Delegate 10:37
              Stop 12:51
              adds worker 0 (Semi)
              refused 17:28 unknown-method
            worker 0 Closure job u8
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_match_on_an_option_of_a_pool_binds_its_pool_in_the_some_arms() {
        // `Some(p)` / `None` / `_` arms bind the pool; an arm of another pattern leaves the scrutinee unfollowed.
        let got = facts(
            "use workerpool::{Pool, Worker};\nstruct S { pool: Option<Pool>, other: Option<Pool> }\nimpl S {\n    fn new() -> S {\n        let pool = Pool::new(1);\n        pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n        S { pool: Some(pool), other: None }\n    }\n    fn go(&self) -> bool {\n        match &self.pool {\n            Some(p) => p.delegate(1u8).is_ok(),\n            None => false,\n        }\n    }\n    fn count(&self) -> usize {\n        match self.pool.as_ref() { Some(p) => p.workers_num(), _ => 0 }\n    }\n    fn odd(&self) -> bool {\n        match &self.other { Some(p) if p.workers_num() > 0 => true, x => x.is_none() }\n    }\n}\n",
        );
        expect_test::expect![[r#"
            pool 2:25
              AddWorker 6:14
              Delegate 11:26
              Other 16:49
              adds worker 0 (Semi)
            pool 2:46
              refused 19:16 unfollowed-use
            worker 0 Closure job u8
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_tuple_struct_s_pool_field_is_field_0_and_its_constructor_fills_it() {
        // `Executor(pool)` fills field 0, `self.0` and `e.0` of a known `Executor` read it; `t.0` of a value of
        // unknown type and a pattern `Executor(p)` refuse it.
        let got = facts(
            "use workerpool::{Pool, Worker};\nstruct Executor(Pool);\nstruct Other(Pool, u8);\nimpl Executor {\n    fn run(&self) { self.0.delegate(1u8).unwrap(); }\n}\nfn main() {\n    let pool = Pool::new(1);\n    pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    let e = Executor(pool);\n    e.run();\n    println!(\"{}\", e.0.workers_num());\n    let o = Other(Pool::new(1), 2);\n    let t = (o, 1);\n    let Other(p, _) = t.0;\n    p.stop();\n}\n",
        );
        expect_test::expect![[r#"
            pool 2:17
              Delegate 5:28
              AddWorker 9:10
              Other 12:24
              adds worker 0 (Semi)
              refused 15:23 tuple-field-unknown-value
            pool 3:14
              refused 15:23 tuple-field-unknown-value
              refused 15:9 destructured-tuple-struct
            worker 0 Closure job u8
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_pool_behind_a_lock_is_reached_through_its_guard() {
        // `Mutex::new`, `.lock()`, `.write()` and `.read()` hand back the same pool; a guard passed to an unknown
        // function is not followed.
        let got = facts(
            "use std::sync::{Mutex, RwLock};\nuse workerpool::{Pool, Worker};\nstatic POOL: Mutex<Option<Pool>> = Mutex::new(None);\nstruct S { pool: RwLock<Pool> }\nfn init() {\n    let pool = Pool::new(4);\n    pool.add_worker(&Worker::new(|n: u32| drop(n))).unwrap();\n    *POOL.lock().unwrap() = Some(pool);\n    if let Some(pool) = POOL.lock().unwrap().as_ref() { pool.delegate(1u32).unwrap(); }\n}\nfn other() -> S {\n    let s = S { pool: RwLock::new(Pool::new(1)) };\n    s.pool.write().unwrap().add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    println!(\"{}\", s.pool.read().unwrap().workers_num());\n    elsewhere(s.pool.read().unwrap());\n    s\n}\n",
        );
        expect_test::expect![[r#"
            pool 3:27
              AddWorker 7:10
              Delegate 9:62
              adds worker 0 (Semi)
            pool 4:25
              AddWorker 13:29
              Other 14:43
              adds worker 1 (Semi)
              refused 15:15 unfollowed-argument
            worker 0 Closure job u32
            worker 1 Closure job u8
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_closure_kept_in_a_local_is_the_worker_s_function_and_any_other_local_is_refused() {
        // `f` holds a typed move closure that captures a std Sender (Clone); `g` an untyped one; `h` a value this
        // tool does not follow to a closure.
        let got = facts(
            "use std::sync::mpsc::channel;\nuse workerpool::{Pool, Worker};\nfn main() {\n    let (tx, _rx) = channel();\n    let f = move |n: u64| tx.send(n).unwrap();\n    let w = Worker::new(f);\n    Pool::new(1).add_worker(&w).unwrap();\n    let g = |n| drop::<u8>(n);\n    Pool::new(1).add_worker(&Worker::new(g)).unwrap();\n    let h = make();\n    Pool::new(1).add_worker(&Worker::new(h)).unwrap();\n}\n",
        );
        expect_test::expect![[r#"
            pool 7:5
              AddWorker 7:18
              adds worker 0 (Semi)
            pool 9:5
              AddWorker 9:18
              adds worker 1 (Semi)
            pool 11:5
              AddWorker 11:18
              adds worker 2 (Semi)
            worker 0 CloneClosure job u64
            worker 1 Closure job ?, refused 9:30 job-type-unknown
            worker 2 Other job ?, refused 11:30 worker-fn-local
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn the_pools_of_a_map_field_are_one_pool_filled_by_insert_and_read_by_key() {
        // insert as a statement, `[key]`, get, remove, len and a `for` over values() or `&map` are followed; insert
        // whose old value is used, `entry` and the map passed away are not, nor a map field named as a pool field.
        let got = facts(
            "use std::collections::{BTreeMap, HashMap};\nuse workerpool::{Pool, Worker};\nstruct R { pools: BTreeMap<String, Pool>, byid: HashMap<u8, Pool> }\nstruct P { byid: Pool }\nimpl R {\n    fn add(&mut self, k: &str) {\n        let pool = Pool::new(1);\n        pool.add_worker(&Worker::new(|n: u32| drop(n))).unwrap();\n        self.pools.insert(k.to_string(), pool);\n    }\n    fn go(&mut self, k: &str) {\n        self.pools[k].delegate(1u32).unwrap();\n        if let Some(p) = self.pools.get(k) { p.stop(); }\n        self.pools.remove(k);\n        println!(\"{}\", self.pools.len());\n        for p in self.pools.values() { p.stop(); }\n        for (_, p) in &self.pools { println!(\"{}\", p.workers_num()); }\n    }\n    fn bad(&mut self) {\n        let old = self.byid.insert(1, Pool::new(1));\n        self.byid.entry(2);\n        drop((old, &self.byid));\n    }\n}\n",
        );
        expect_test::expect![[r#"
            pool 3:36
              AddWorker 8:14
              Delegate 12:23
              Stop 13:48
              Stop 16:42
              Other 17:54
              adds worker 0 (Semi)
            pool 3:61
              refused 20:19 map-field-name-shared
              refused 21:9 map-field-name-shared
              refused 22:21 map-field-name-shared
              refused 20:19 map-of-pools
              refused 21:9 map-of-pools
              refused 22:21 map-of-pools
            pool 4:18
            pool 20:39
              refused 20:39 unfollowed-argument
            worker 0 Closure job u32
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn the_self_of_an_impl_trait_for_pool_is_the_pool_its_methods_are_called_on() {
        // `a.go(..)` and `b.go(..)` join `a`, `b` and the impl's `self`; an impl naming `Self` is refused; an inherent
        // method of another type with the same name is not a pool's.
        let got = facts(
            "use workerpool::{Pool, Worker};\ntrait Ext { fn go(&self, n: u8) -> bool; }\nimpl Ext for Pool {\n    fn go(&self, n: u8) -> bool { self.delegate(n).is_ok() && self.more() }\n}\ntrait More { fn more(&self) -> bool; fn make() -> Self; }\nimpl More for Pool {\n    fn more(&self) -> bool { self.workers_num() > 0 }\n    fn make() -> Self { unimplemented!() }\n}\nstruct S;\nimpl S { fn go(&self, _n: u8) -> bool { true } }\nfn main() {\n    let a = Pool::new(1);\n    a.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    let b = Pool::new(1);\n    a.go(1);\n    b.go(2);\n    S.go(3);\n}\n",
        );
        expect_test::expect![[r#"
            pool 3:14
              Delegate 4:40
              Other 8:35
              AddWorker 15:7
              adds worker 0 (Semi)
              refused 7:15 pool-impl-names-self
            worker 0 Closure job u8
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn an_enum_variant_s_pool_is_bound_by_if_let_and_match_arms_and_refused_by_other_patterns() {
        // `E::T(pool)` fills the variant; `match`, `if let Self::T(p)` bind it; a nested pattern refuses it.
        let got = facts(
            "use workerpool::{Pool, Worker};\nenum E { T(Pool), N }\nenum F { T(Pool, u8) }\nimpl E {\n    fn go(&self) -> bool {\n        match self { E::T(p) => p.delegate(1u8).is_ok(), E::N => false }\n    }\n    fn n(&self) -> usize { if let Self::T(p) = self { p.workers_num() } else { 0 } }\n}\nfn main() {\n    let pool = Pool::new(1);\n    pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    let e = E::T(pool);\n    e.go();\n    let f = Some(F::T(Pool::new(1), 2));\n    if let Some(F::T(p, _)) = f { p.stop(); }\n}\n",
        );
        expect_test::expect![[r#"
            pool 2:12
              Delegate 6:35
              Other 8:57
              AddWorker 12:10
              adds worker 0 (Semi)
            pool 3:12
              refused 16:17 destructured-tuple-struct
            worker 0 Closure job u8
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_helper_of_another_module_is_called_by_its_name_or_a_path_to_its_module() {
        // `pub(crate)` is a helper; `crate::w::make` and `w::make` reach it, `other::make` may not be it.
        let got = facts(
            "use workerpool::Pool;\nmod w {\n    use workerpool::Worker;\n    pub(crate) fn make() -> Worker {\n        Worker::new(|n: u8| drop(n))\n    }\n}\nuse crate::w::make;\nfn main() {\n    let pool = Pool::new(1);\n    pool.add_worker(&make()).unwrap();\n    pool.add_worker(&crate::w::make()).unwrap();\n    let again = w::make();\n    pool.add_worker(&again).unwrap();\n}\nfn other() {\n    Pool::new(1).add_worker(&other::make()).unwrap();\n}\n",
        );
        expect_test::expect![[r#"
            pool 10:16
              AddWorker 11:10
              AddWorker 12:10
              AddWorker 14:10
              adds worker 0 (Semi)
              adds worker 0 (Semi)
              adds worker 0 (Semi)
            pool 17:5
              AddWorker 17:18
              refused 17:18 unfollowed-worker
            worker 0 Helper (Clone) job u8, refused 17:30 helper-path-unresolved
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_map_of_pools_behind_a_lock_is_followed_through_its_guard_and_a_local_bound_to_it() {
        // `self.pools.lock().unwrap()` and `let m = ..` are the map; `m` passed to a function is not followed.
        let got = facts(
            "use std::collections::HashMap;\nuse std::sync::Mutex;\nuse workerpool::{Pool, Worker};\nstruct R { pools: Mutex<HashMap<u8, Pool>> }\nimpl R {\n    fn add(&self, k: u8) {\n        let mut m = self.pools.lock().unwrap();\n        if m.contains_key(&k) { return; }\n        let pool = Pool::new(1);\n        pool.add_worker(&Worker::new(|n: u32| drop(n))).unwrap();\n        m.insert(k, pool);\n    }\n    fn go(&self, k: u8) {\n        self.pools.lock().unwrap()[&k].delegate(1u32).unwrap();\n        let m = self.pools.lock().unwrap();\n        drop(m);\n    }\n}\n",
        );
        expect_test::expect![[r#"
            pool 4:37
              AddWorker 10:14
              Delegate 14:40
              adds worker 0 (Semi)
              refused 16:14 map-of-pools
            worker 0 Closure job u32
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_parameter_of_a_generic_type_delegated_refuses_the_pool() {
        // `j: J` of `fn submit<J>` and of a trait impl's generic method; `n: u8` of a generic function is fine.
        let got = facts(
            "use workerpool::{Pool, Worker};\nfn submit<J: Send + 'static>(pool: &Pool, j: J) { pool.delegate(j).unwrap(); }\nfn typed<J>(pool: &Pool, n: u8, _j: J) { pool.delegate(n).unwrap(); }\ntrait Ext { fn go<T: Send + 'static>(&self, t: T); }\nimpl Ext for Pool { fn go<T: Send + 'static>(&self, t: T) { self.delegate((t)).unwrap(); } }\nfn main() {\n    let a = Pool::new(1);\n    a.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    submit(&a, 1u8);\n    let b = Pool::new(1);\n    b.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    typed(&b, 1, ());\n    b.go(2u8);\n}\n",
        );
        expect_test::expect![[r#"
            pool 2:37
              Delegate 2:56
              AddWorker 8:7
              adds worker 0 (Semi)
              refused 2:56 generic-job
            pool 3:20
              Delegate 3:47
              Delegate 5:66
              AddWorker 11:7
              adds worker 1 (Semi)
              refused 5:66 generic-job
            worker 0 Closure job u8
            worker 1 Closure job u8
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_helper_whose_tail_branches_makes_one_worker_of_every_branch_s_job_type() {
        // `pick`'s two closures take `u8`; `mixed`'s take `u8` and `u16`; `other` returns another call from a branch.
        let got = facts(
            "use workerpool::{Pool, Worker};\nfn pick(k: bool) -> Worker {\n    match k {\n        true => Worker::new(|n: u8| drop(n)),\n        false => Worker::new(|n: u8| println!(\"{n}\")),\n    }\n}\nfn mixed(k: bool) -> Worker {\n    if k { Worker::new(|n: u8| drop(n)) } else { Worker::new(|n: u16| drop(n)) }\n}\nfn other(k: bool) -> Worker {\n    if k { Worker::new(|n: u8| drop(n)) } else { make() }\n}\nfn main() {\n    Pool::new(1).add_worker(&pick(true)).unwrap();\n    Pool::new(1).add_worker(&mixed(true)).unwrap();\n    Pool::new(1).add_worker(&other(true)).unwrap();\n}\n",
        );
        expect_test::expect![[r#"
            pool 15:5
              AddWorker 15:18
              adds worker 0 (Semi)
            pool 16:5
              AddWorker 16:18
              adds worker 1 (Semi)
            pool 17:5
              AddWorker 17:18
              adds worker 2 (Semi)
            worker 0 Helper job u8
            worker 1 Helper job u8, refused 9:50 mixed-job-types
            worker 2 Helper job ?, refused 12:50 helper-branch-not-worker-new
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_helper_s_closure_is_clone_when_it_captures_only_parameters_of_clone_types() {
        // `counter` captures its `Sender` parameter (Clone); `summer` a `Mutex`, which this tool does not know to be.
        let got = facts(
            "use std::sync::Mutex;\nuse std::sync::mpsc::Sender;\nuse workerpool::{Pool, Worker};\nfn counter(out: Sender<usize>) -> Worker {\n    Worker::new(move |s: String| out.send(s.len()).unwrap())\n}\nfn summer(total: Mutex<u64>) -> Worker {\n    Worker::new(move |n: u64| *total.lock().unwrap() += n)\n}\nfn main(tx: Sender<usize>) {\n    let c = counter(tx);\n    Pool::new(1).add_worker(&c).unwrap();\n    let s = summer(Mutex::new(0));\n    Pool::new(1).add_worker(&s).unwrap();\n}\n",
        );
        expect_test::expect![[r#"
            pool 12:5
              AddWorker 12:18
              adds worker 0 (Semi)
            pool 14:5
              AddWorker 14:18
              adds worker 1 (Semi)
            worker 0 Helper (Clone) job String
            worker 1 Helper job u64
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_generic_helper_takes_its_job_type_from_its_bound_and_its_clone_from_each_argument() {
        // `wrap`'s bound (in a where clause) writes `u32`; `boxed` has a second generic parameter and is no helper.
        let got = facts(
            "use workerpool::{Pool, Worker};\nfn wrap<F>(f: F) -> Worker\nwhere\n    F: Fn(u32) + Send + Sync + 'static,\n{\n    Worker::new(f)\n}\nfn boxed<F: Fn(T) + Send + Sync + 'static, T>(f: F) -> Worker {\n    Worker::new(f)\n}\nfn main() {\n    let pool = Pool::new(1);\n    let a = wrap(|n| drop(n));\n    pool.add_worker(&a).unwrap();\n    pool.add_worker(&a).unwrap();\n    let v = vec![1];\n    let b = wrap(move |n| drop((n, &v)));\n    pool.add_worker(&b).unwrap();\n    pool.add_worker(&b).unwrap();\n    Pool::new(1).add_worker(&boxed(|n: u8| drop(n))).unwrap();\n    let c = { let tx = std::sync::Arc::new(0); wrap(move |n| drop((n, &tx))) };\n    pool.add_worker(&c).unwrap();\n    pool.add_worker(&c).unwrap();\n}\n",
        );
        expect_test::expect![[r#"
            pool 12:16
              AddWorker 14:10
              AddWorker 15:10
              AddWorker 18:10
              AddWorker 19:10
              AddWorker 22:10
              AddWorker 23:10
              adds worker 0 (Semi), Clone by its argument
              adds worker 0 (Semi), Clone by its argument
              adds worker 0 (Semi)
              adds worker 0 (Semi)
              adds worker 0 (Semi), Clone by its argument
              adds worker 0 (Semi), Clone by its argument
            pool 20:5
              AddWorker 20:18
              refused 20:18 unfollowed-worker
            worker 0 Helper job u32
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_method_returning_a_worker_is_a_helper_called_on_a_value_of_known_type() {
        // `Echo { .. }.worker()` and `e.worker()` of a `let e: Echo` are the helper; `unknown().worker()` may be.
        let got = facts(
            "use workerpool::{Pool, Worker};\nstruct Echo;\nimpl Echo {\n    fn worker(self) -> Worker {\n        Worker::new(|n: u8| drop(n))\n    }\n}\nfn main() {\n    let pool = Pool::new(1);\n    pool.add_worker(&Echo {}.worker()).unwrap();\n    let e: Echo = Echo {};\n    let w = e.worker();\n    pool.add_worker(&w).unwrap();\n    let other = unknown().worker();\n}\n",
        );
        expect_test::expect![[r#"
            pool 9:16
              AddWorker 10:10
              AddWorker 13:10
              adds worker 0 (Semi)
              adds worker 0 (Semi)
            worker 0 Helper (Clone) job u8, refused 14:27 helper-method-receiver-unknown
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_helper_named_where_it_is_not_followed_is_refused_there() {
        // A helper method called by path, and a helper function named as a value: what they make is not followed.
        let got = facts(
            "use workerpool::{Pool, Worker};\nstruct Echo;\nimpl Echo {\n    fn worker(&self) -> Worker {\n        Worker::new(|n: u8| drop(n))\n    }\n}\nfn make() -> Worker {\n    Worker::new(|n: u16| drop(n))\n}\nfn main(e: &Echo) {\n    Pool::new(1).add_worker(&e.worker()).unwrap();\n    let _w = Echo::worker(e);\n    Pool::new(1).add_worker(&make()).unwrap();\n    let _f = make;\n}\n",
        );
        expect_test::expect![[r#"
            pool 12:5
              AddWorker 12:18
              adds worker 0 (Semi)
            pool 14:5
              AddWorker 14:18
              adds worker 1 (Semi)
            worker 0 Helper (Clone) job u8, refused 13:14 helper-path-unresolved
            worker 1 Helper (Clone) job u16, refused 15:14 helper-path-unresolved
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_channel_is_std_s_by_the_import_that_names_it_not_by_its_spelling() {
        // The first worker captures a std Sender (Clone); the second a sender of a `channel` imported from
        // elsewhere, whose type this tool does not know; the third a std Sender made with a turbofish.
        let got = facts(
            "use workerpool::{Pool, Worker};\nmod a {\n    use std::sync::mpsc::channel;\n    use workerpool::{Pool, Worker};\n    fn f() {\n        let (tx, _rx) = channel();\n        let w = Worker::new(move |n: u8| tx.send(n).unwrap());\n        Pool::new(1).add_worker(&w).unwrap();\n    }\n}\nmod b {\n    use other::channel;\n    use workerpool::{Pool, Worker};\n    fn f() {\n        let (tx, _rx) = channel();\n        let w = Worker::new(move |n: u8| tx.send(n).unwrap());\n        Pool::new(1).add_worker(&w).unwrap();\n    }\n}\nmod c {\n    use std::sync::mpsc::channel;\n    use workerpool::{Pool, Worker};\n    fn f() {\n        let (tx, _rx) = channel::<u8>();\n        let w = Worker::new(move |n: u8| tx.send(n).unwrap());\n        Pool::new(1).add_worker(&w).unwrap();\n    }\n}\n",
        );
        expect_test::expect![[r#"
            pool 8:9
              AddWorker 8:22
              adds worker 0 (Semi)
            pool 17:9
              AddWorker 17:22
              adds worker 1 (Semi)
            pool 26:9
              AddWorker 26:22
              adds worker 2 (Semi)
            worker 0 CloneClosure job u8
            worker 1 MoveClosure job u8
            worker 2 CloneClosure job u8
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn an_add_worker_a_function_returns_is_followed_by_ok_and_one_whose_value_goes_elsewhere_is_refused()
     {
        // The tail of `attach`, and a tail of the `if` that ends `maybe`, are what those functions return; the tail
        // of a closure's block, and a remove_worker whose value is returned, are not migrated.
        let got = facts(
            "use workerpool::{Error, Pool, Worker};\nfn attach(pool: &Pool) -> Result<(), Error> {\n    let w = Worker::new(|n: u8| drop(n));\n    pool.add_worker(&w)\n}\nfn maybe(pool: &Pool, yes: bool) -> Result<(), Error> {\n    let w = Worker::new(|n: u8| drop(n));\n    if yes { pool.add_worker(&w) } else { Ok(()) }\n}\nfn main() {\n    let pool = Pool::new(1);\n    attach(&pool).unwrap();\n    maybe(&pool, true).unwrap();\n    let other = Pool::new(1);\n    let w = Worker::new(|n: u8| drop(n));\n    let add = || { other.add_worker(&w) };\n    add().unwrap();\n    let _ = cycle(&Pool::new(1));\n}\nfn cycle(pool: &Pool) -> Result<(), Error> {\n    let v = Worker::new(|n: u8| drop(n));\n    pool.add_worker(&v)?;\n    pool.remove_worker(&v)\n}\n",
        );
        expect_test::expect![[r#"
            pool 2:18
              AddWorker 4:10
              AddWorker 8:19
              adds worker 0 (ResultTail)
              adds worker 1 (ResultTail)
            pool 14:17
              AddWorker 16:26
              refused 16:26 worker-call-result-used
            pool 20:17
              AddWorker 22:10
              Other 23:10
              adds worker 3 (Semi)
              refused 23:10 worker-call-result-used
            worker 0 Closure job u8
            worker 1 Closure job u8
            worker 2 Closure job u8
            worker 3 Closure job u8
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_call_on_a_struct_that_derefs_to_its_pool_is_a_call_on_that_pool() {
        // `Target`, `deref`'s return and the field it returns are one pool, and the calls on a `Counted` (a binding of
        // a struct literal, `self`, a parameter) reach it; `Own` has a `delegate` of its own, which is not the pool's.
        let got = facts(
            "use std::ops::Deref;\nuse workerpool::{Pool, Worker};\nstruct Counted { inner: Pool }\nimpl Deref for Counted {\n    type Target = Pool;\n    fn deref(&self) -> &Self::Target { &self.inner }\n}\nimpl Counted {\n    fn count(&self) -> usize { self.workers_num() }\n}\nfn feed(c: &Counted) { c.delegate(1u8).unwrap(); }\nstruct Own { inner: Pool }\nimpl Deref for Own {\n    type Target = Pool;\n    fn deref(&self) -> &Pool { &self.inner }\n}\nimpl Own {\n    fn delegate(&self, n: u8) { drop(n) }\n}\nfn main() {\n    let inner = Pool::new(1);\n    inner.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    let c = Counted { inner };\n    feed(&c);\n    let o = Own { inner: Pool::new(1) };\n    o.delegate(2u8);\n}\n",
        );
        expect_test::expect![[r#"
            pool 3:25
              Other 9:37
              Delegate 11:26
              AddWorker 22:11
              adds worker 0 (Semi)
            pool 12:21
            worker 0 Closure job u8
        "#]]
        .assert_eq(&got);
    }
}
