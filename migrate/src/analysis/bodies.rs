//! Second pass over a crate: follows each pool through function bodies and records its call sites.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Expr, ExprMethodCall, FnArg, Pat, Stmt};

use super::declare::Decls;
use super::model::ModuleId;
use super::model::{
    Facts, FileId, FnId, Key, Loc, Nesting, NodeId, Scope, SpanKey, StmtCtx, WorkerId,
};
use super::names::Names;
use super::reasons::Refusal;
use super::scope_tree::{BindingId, ScopeTree};
use super::types::{PoolType, TryTarget, pool_type, try_target};
use crate::source::Source;

mod branches;
mod calls;
mod captures;
mod closure_fns;
mod flow;
mod handled;
mod macros;
mod walk;

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
    /// A local the code shows to be `Clone` (see `captures`).
    Clone,
    Other,
}

impl Binding {
    /// The worker this binding holds or stands for, in whichever form it was made.
    fn worker(self) -> Option<WorkerId> {
        match self {
            Binding::Worker(w) | Binding::HelperWorker(w, _) => Some(w),
            Binding::Pool(_) | Binding::Clone | Binding::Other => None,
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
    /// `.map_err(..)` on add_worker, which never runs, or anyhow's `.context(..)`: the error's type is no one's.
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
    literal_delegates: Vec<(NodeId, Loc, &'static str, Vec<BindingId>)>,
    /// The crate's struct each local binding certainly holds (a value or a reference), where the code shows it.
    struct_types: HashMap<BindingId, String>,
    /// Results matched (`match`, `if let`) on `Ok(())` / `Err(e)` with `e` only formatted, by the scrutinee's range.
    formatted_results: HashSet<SpanKey>,
    /// Functions that return a pool, named as values (`LazyLock::new(build)`): refused unless a cell's initialiser.
    fn_values: Vec<(NodeId, Range<usize>)>,
    /// For each `impl` around the code being walked, the pool its `self` is when it is an `impl Trait for Pool`.
    impl_pools: Vec<Option<NodeId>>,
    /// The paths of the helper calls followed (`f` of `f(..)`): any other path that may name a helper refuses it.
    helper_funcs: HashSet<SpanKey>,
    /// Locals bound by `let` to a closure literal, which `Worker::new(name)` may be given.
    /// The `macro_rules!` macros whose body creates a pool, by name: the pool a call of one evaluates to.
    pool_macros: HashMap<String, NodeId>,
    /// Whether the compiler checks the output (it then judges what the walk leaves to it).
    checked: bool,
    /// For each function being walked, innermost last: whether a parameter's type names one of its type parameters.
    generic_valued: Vec<bool>,
    /// Parameters whose type names no type parameter.
    concrete_params: HashSet<BindingId>,
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
        checked: bool,
    ) -> Self {
        Collector {
            checked,
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
            worker_uses: Vec::new(),
            worker_accounted: HashSet::new(),
            stmt_ctx: HashMap::new(),
            stmts: Vec::new(),
            wrappers: HashMap::new(),
            tail_worker: None,
            closure_into: HashMap::new(),
            helper_bindings: Vec::new(),
            called: HashSet::new(),
            fn_values: Vec::new(),
            formatted_results: HashSet::new(),
            dead_checks: HashMap::new(),
            struct_types: HashMap::new(),
            literal_bindings: HashMap::new(),
            binding_reads: HashMap::new(),
            literal_delegates: Vec::new(),
            impl_pools: Vec::new(),
            generic_valued: Vec::new(),
            concrete_params: HashSet::new(),
            helper_funcs: HashSet::new(),
            pool_macros: HashMap::new(),
        }
    }

    /// Walks the file, then refuses every pool and worker used in a way the walk could not follow.
    pub fn run(mut self, file: &syn::File) {
        self.visit_file(file);
        let fn_values = std::mem::take(&mut self.fn_values);
        for (node, range) in std::mem::take(&mut self.occurrences)
            .into_iter()
            .chain(fn_values)
        {
            if !self.accounted.contains(&key(&range)) {
                self.facts
                    .refuse(node, self.loc(range.start), Refusal::UNFOLLOWED);
            }
        }
        for (node, loc, was, bindings) in std::mem::take(&mut self.literal_delegates) {
            // A binding read elsewhere too may take its type from there.
            if bindings
                .iter()
                .all(|b| self.binding_reads.get(b) == Some(&1))
            {
                self.facts.literal_jobs.push((node, loc, was));
            }
        }
        for (worker, range) in std::mem::take(&mut self.worker_uses) {
            // A job type left to the compiler does not make the other uses followed: the worker is still kept.
            let refusal = self.facts.workers[worker].refusal.as_ref();
            if !self.worker_accounted.contains(&key(&range))
                && refusal.is_none_or(|(_, why)| *why == Refusal::UNSETTLED)
            {
                let loc = self.loc(range.start);
                self.facts.workers[worker].refusal = Some((loc, Refusal::UNFOLLOWED_WORKER));
            }
        }
    }

    /// Whether `m`, called on the result of the pool method `call`, leaves the error's type to no one: anyhow's
    /// `.context(..)`, which takes any error, or a `.map_err(..)` on add_worker, which never runs (2.x's add_worker
    /// always returns Ok(())). A delegate's `.map_err(|e| ..)` is a use the check judges.
    fn error_only_formatted(&self, call: &ExprMethodCall, m: &ExprMethodCall) -> bool {
        match call.method.to_string().as_str() {
            "add_worker" if m.method == "map_err" && m.args.len() == 1 => return true,
            "delegate" | "add_worker" => {}
            _ => return false,
        }
        matches!(m.method.to_string().as_str(), "context" | "with_context")
            && m.args.len() == 1
            && self
                .names
                .has_anyhow_context(self.source.range(m.method.span()).start)
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

    /// `let w = helper(..)` (or its method or block forms): `named` holds the worker the helper `id` makes at `made`.
    fn bind_helper_worker(&mut self, named: &syn::Ident, id: WorkerId, made: Range<usize>) {
        self.worker_accounted.insert(key(&made));
        let b = self.helper_bindings.len();
        self.helper_bindings.push(self.nesting());
        self.bind(named, Binding::HelperWorker(id, b));
    }

    /// The pool type written at `at` is `node`'s: it gets the job type there.
    fn pool_type_site(&mut self, node: NodeId, at: PoolType) {
        let (name, loc) = (self.loc(at.name_start), self.loc(at.insert_at));
        self.facts.type_site(node, name, loc, self.scope());
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
            _ => None,
        };
        let target = try_target(self.names, self.source, &sig.output);
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
            taken,
        });
        let mut index = 0;
        let generics = self.generics_in_scope();
        // A parameter whose type names a type parameter (`jobs: Vec<J>`): values made from it may be of that type.
        // One whose type names none (`n: u8`) is of a known type.
        let mut generic_valued = false;
        for input in &sig.inputs {
            let FnArg::Typed(p) = input else { continue };
            let mut named = Vec::new();
            collect_idents(quote::ToTokens::to_token_stream(&*p.ty), &mut named);
            if named.iter().any(|n| generics.contains(n)) {
                generic_valued = true;
            } else if let Pat::Ident(ident) = &*p.pat
                && let Some(id) = self
                    .tree
                    .binding_at(self.source.range(ident.ident.span()).start)
            {
                self.concrete_params.insert(id);
            }
        }
        self.generic_valued.push(generic_valued);
        for input in &sig.inputs {
            let FnArg::Typed(p) = input else { continue };
            if let (Pat::Ident(ident), Some(ty)) = (&*p.pat, self.struct_of_type(&p.ty)) {
                self.typed(&ident.ident, ty);
            }
            match (&*p.pat, pool_type(self.names, self.source, &p.ty)) {
                (Pat::Ident(ident), Some(_)) => {
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
            // A tail that branches (`match kind { A => Worker::new(f), B => Worker::new(g) }`) or makes its worker
            // otherwise: the helper's workers are kept, typed by the compiler.
            let loc = self.loc(self.range(tail).start);
            self.facts.workers[id]
                .refusal
                .get_or_insert((loc, Refusal::UNFOLLOWED_WORKER));
        }
        if let Some(Stmt::Expr(tail, None)) = block.stmts.last() {
            for leaf in branches::leaves(tail) {
                self.returned(leaf.expr);
            }
        }
        self.fns = outer_fns;
        self.generic_valued.pop();
        self.generics.pop();
        (self.loops, self.closures) = outer_depth;
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
mod tests;
