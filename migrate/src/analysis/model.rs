//! The facts collected about pools across one crate, and the union-find that groups the places one pool flows through.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::Range;

use super::reasons::Refusal;
use crate::edit::Edit;

/// One place a pool can be: a `let` binding, a parameter, a field, a constructor call ...
pub type NodeId = usize;

/// A function (or a closure's enclosing function), by where its `fn` keyword is (offset 0 of its file for code
/// outside any function, such as a static's initialiser).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FnId(pub Loc);

/// A `Worker::new(f)` of the crate: its index in [`Facts::workers`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WorkerId(pub usize);

/// A module of the crate: a file, and the path of an inline `mod` inside it ("" at the file's top level).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ModuleId {
    /// The file.
    pub file: FileId,
    /// Inline module path, `a::b`.
    pub module: String,
}

impl ModuleId {
    /// The module `module` of file `file`.
    pub fn new(file: FileId, module: &str) -> ModuleId {
        ModuleId {
            file,
            module: module.to_string(),
        }
    }
}

/// An item of the crate (a static, a struct), by where its name is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DefId(pub Loc);

/// Places declared by an item, which code anywhere in the crate may reach: each by its definition (see
/// [`super::definitions`] for which definitions a name may mean).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Key {
    /// The pool field `.1` of the struct `.0`.
    Field(DefId, String),
    /// Parameter `.1` (not counting `self`) of the function `.0`.
    FnParam(FnId, usize),
    /// What the function `.0` returns.
    FnRet(FnId),
    /// A static.
    Static(DefId),
    /// The `workerpool::Error` that functions named `.0` return (`?` converts into it).
    ErrorRet(String),
    /// The `workerpool::Error` that the crate's type named `.0` converts from (`impl From<workerpool::Error> for ..`).
    ErrorFrom(String),
    /// The `self` of an `impl Trait for Pool` of the crate (by its `impl` keyword): every pool one of its methods is
    /// called on is this one pool.
    PoolImpl(DefId),
}

/// A file of the crate being analysed: its index in the input order of [`super::analyze`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub usize);

impl FileId {
    /// Its index in the files given to [`super::analyze`] (and in [`super::Outcome::texts`]).
    pub fn index(self) -> usize {
        self.0
    }
}

/// The bytes of one syntax node of a file, as a map key: the node an expression's facts (its statement context, its
/// wrapper, whether its use was followed) are recorded for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpanKey {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl SpanKey {
    /// The key of the node spanning `range`.
    pub fn of(range: &Range<usize>) -> SpanKey {
        SpanKey {
            start: range.start,
            end: range.end,
        }
    }
}

/// How deep in loops and closures of its function a piece of code is: a worker added deeper than it is made is added
/// more than once, or from a closure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Nesting {
    /// Loops around it (`for`, `while`, `loop`).
    pub loops: usize,
    /// Closures around it.
    pub closures: usize,
}

/// A position in a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Loc {
    /// The file.
    pub file: FileId,
    /// Byte offset.
    pub offset: usize,
}

impl Loc {
    /// The place at byte `offset` of `file`.
    pub fn new(file: FileId, offset: usize) -> Loc {
        Loc { file, offset }
    }
}

/// The job type of a worker, as written in the code.
#[derive(Debug, Clone)]
pub struct JobType {
    /// The type's source text.
    pub text: String,
    /// Token text, for comparing two job types.
    pub norm: String,
    /// Where the worker is.
    pub at: Scope,
    /// First path segments the type names (`Sender` in `(u64, Sender<u64>)`).
    pub names: Vec<String>,
    /// Whether it names a generic parameter or `Self` of its function: only nameable there.
    pub generic: bool,
    /// Where it is written.
    pub loc: Loc,
}

/// Where a piece of code is: file, inline module path, function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scope {
    /// The file.
    pub file: FileId,
    /// Inline `mod` path inside the file ("" at the file's top level).
    pub module: String,
    /// Enclosing function, if any.
    pub func: Option<FnId>,
}

/// Whether a site gets `::<T>` (a constructor call) or `<T>` (a type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SiteKind {
    /// `Pool::new(n)` becomes `Pool::<T>::new(n)`.
    Ctor,
    /// A `Pool::new(n)` that is the value of a place whose pool type is written (a typed `let`, a field, a parameter,
    /// a return): that type gives its job type, so it stays as it is, but in a probe.
    TypedCtor,
    /// `Pool` in a type becomes `Pool<T>`.
    Type,
}

/// A place where the job type gets written.
#[derive(Debug, Clone)]
pub struct TypeSite {
    /// The pool.
    pub node: NodeId,
    /// Where: the insertion offset is `loc.offset`.
    pub loc: Loc,
    /// Scope of the site, to check the job type can be named there.
    pub scope: Scope,
    /// Which form.
    pub kind: SiteKind,
}

/// Who an occurrence of a 2.x name belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// Part of a pool's code: stays 2.x if the pool does, becomes 3.x if it migrates.
    Group(NodeId),
    /// The `Worker` of `Worker::new`: removed when its pool migrates.
    Worker(WorkerId),
    /// A `Worker` of a pool whose workers are kept (see `kept_workers`): a `SharedWorker` when the pool migrates.
    KeptWorker(NodeId),
}

/// How a statement uses the value of a pool call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StmtCtx {
    /// `call;`
    Semi,
    /// The last expression of a block, without `;`.
    Tail,
    /// `let _ = call;`
    LetUnderscore,
    /// The whole body of a closure: `|| pool.stop()`.
    ClosureBody,
    /// The condition of `if let Err(e) = call { .. }` or `if call.is_err() { .. }` (no `else`), for a call whose 2.x
    /// result is always `Ok(())`: the branch never runs, the `if` becomes `call;`.
    DeadCheck,
    /// The last expression of a function returning 2.x's `Result<(), Error>` (or of a branch of it): the call ends in
    /// `;` and `Ok(())` follows it, the value 2.x's add_worker always returned.
    ResultTail,
}

/// What a `Worker::new` is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkerFn {
    /// A function's name (Copy).
    FnPath,
    /// A closure without `move` (captures nothing under 2.x's `'static` bound, so Copy).
    Closure,
    /// A `move` closure that captures only values the code shows to be `Clone`, so it is `Clone` too.
    CloneClosure,
    /// A `move` closure (may capture values that are not Copy).
    MoveClosure,
    /// The `Worker::new(f)` a private helper `fn name(..) -> Worker` ends with; each call makes a new worker.
    Helper,
    /// Anything else.
    Other,
}

/// A `Worker::new(f)`: bound by `let`, or written inside `add_worker(&Worker::new(f))`.
#[derive(Debug, Clone)]
pub struct WorkerDecl {
    /// The binding's name; None when written inline.
    pub name: Option<String>,
    /// Where the worker is defined.
    pub scope: Scope,
    /// The block the `let` is in.
    pub block: usize,
    /// Loop and closure nesting at the `let`.
    pub depth: Nesting,
    /// Bytes of `Worker::new(f)`.
    pub call: Range<usize>,
    /// Bytes of `f`.
    pub func: Range<usize>,
    /// What `f` is.
    pub kind: WorkerFn,
    /// Its job type, if the code shows it.
    pub job: Option<JobType>,
    /// Offset just after the `let` statement, and the indentation and line ending to insert a line there.
    pub after_let: (usize, String, &'static str),
    /// Why it cannot be migrated, if so.
    pub refusal: Option<(Loc, Refusal)>,
    /// Identifiers used in the function, to pick names that do not clash.
    pub taken: Vec<String>,
    /// For a helper function's worker: the bytes of `Worker` in its return type.
    pub helper_ret: Option<Range<usize>>,
}

/// An `add_worker(&w)` or `remove_worker(&w)`.
#[derive(Debug, Clone)]
pub struct WorkerSite {
    /// The worker added or removed.
    pub worker: WorkerId,
    /// The pool it is called on.
    pub node: NodeId,
    /// true for `remove_worker`.
    pub remove: bool,
    /// Bytes of the method call.
    pub call: Range<usize>,
    /// Bytes of the argument (`&w`).
    pub arg: Range<usize>,
    /// Where the argument's expression starts after its `&`.
    pub arg_inner: usize,
    /// For `add_worker(&w)` of a `let w = helper(..)`: that binding, and the loop and closure nesting at it.
    pub bound: Option<(usize, Nesting)>,
    /// Bytes of the call with its `?`, `.unwrap()` or `.expect(..)`.
    pub outer: Range<usize>,
    /// Statement context.
    pub ctx: StmtCtx,
    /// The block the statement is in.
    pub block: usize,
    /// Loop and closure nesting.
    pub depth: Nesting,
    /// Whether the statement ends with `;` right after `outer` (its end offset).
    pub semi_end: Option<usize>,
    /// Where it is.
    pub loc: Loc,
    /// For a statement that starts its own line: that line's indentation and line ending.
    pub own_line: Option<(String, &'static str)>,
}

/// Calls of the 2.x methods (the order of some matters: delegate or add_worker after stop).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallKind {
    /// `workers_num()` or `remove_worker(..)`: counted, order does not matter.
    Other,
    /// `stop()`
    Stop,
    /// `delegate(..)`
    Delegate,
    /// `add_worker(..)`
    AddWorker,
}

/// Everything known about the pools of one crate.
#[derive(Debug, Default)]
pub struct Facts {
    /// Each file's module path from the crate root (`["render"]` for `src/render.rs`), by file index.
    pub file_modules: Vec<Vec<String>>,
    /// Each file's scopes: the whole file and its inline modules' bodies (a module after the one it is in), each with
    /// its path inside the file (see `Names::modules`), by file index.
    pub file_scopes: Vec<Vec<(Range<usize>, Vec<String>)>>,
    /// Each file's own imports (see `types::imports`), by file index.
    pub file_imports: Vec<super::types::Imports>,
    /// For each file of another target than the library (see `Input::outside_library`): the library's name there.
    pub file_outside_library: Vec<Option<String>>,
    /// The type aliases a job type is written by where its type is theirs (see `job_aliases`).
    pub job_aliases: Vec<super::job_aliases::JobAlias>,
    /// The names the library's root defines or declares (`model` for `pub mod model;`): a `crate::model::..` of the
    /// library's is `mylib::model::..` in another target.
    pub library_names: std::collections::BTreeSet<String>,
    /// Delegates whose job is only unsuffixed literals: (pool, where, `i32` or `f64`).
    pub literal_jobs: Vec<(NodeId, Loc, &'static str)>,
    /// Delegate results matched on `Ok(())` / `Err(e)`, whose `Err` branch now runs for another cause.
    pub matched_errors: Vec<(NodeId, Loc)>,
    /// Delegate results kept as 2.x's `Result<(), Error>` through `.map_err(workerpool::Error::from)` (a use the flow
    /// layer does not follow): their error now comes for another cause and no longer holds the job.
    pub mapped_results: Vec<(NodeId, Loc)>,
    parent: Vec<NodeId>,
    keys: HashMap<Key, NodeId>,
    /// Reasons a pool cannot be migrated.
    pub refusals: Vec<(NodeId, Loc, Refusal)>,
    /// Each function's name, for the report.
    pub fn_names: BTreeMap<FnId, String>,
    /// Where the job type gets written.
    pub type_sites: Vec<TypeSite>,
    /// Edits that apply when the pool migrates.
    pub cond_edits: Vec<(NodeId, FileId, Edit)>,
    /// Owners of 2.x name occurrences, by where each starts.
    pub owners: HashMap<Loc, Owner>,
    /// `Worker::new` sites.
    pub workers: Vec<WorkerDecl>,
    /// `add_worker` / `remove_worker` sites.
    pub worker_sites: Vec<WorkerSite>,
    /// Calls of the 2.x methods, with their function.
    pub calls: Vec<(NodeId, FnId, CallKind, Loc)>,
    /// Pools whose errors `?` converts into `workerpool::Error`.
    pub error_links: Vec<NodeId>,
    /// (pool, error place) where the pool's error goes into that error type: see [`Facts::tie`].
    pub ties: Vec<(NodeId, NodeId)>,
    /// Where each pool is first seen, for reports.
    pub first_seen: HashMap<NodeId, Loc>,
    /// Places that hold an error type, not a pool.
    pub not_pools: HashSet<NodeId>,
    /// `workerpool::Error` names inside a statement that uses a pool's delegate result: they belong to that pool.
    pub error_claims: Vec<(NodeId, FileId, Range<usize>)>,
    /// Delegates whose result is checked (`.is_err()`, `.is_ok()`, `.ok()`, a `match`): on a pool without workers, the
    /// check sees 2.x's `NoWorkers`.
    pub checked_delegates: Vec<(NodeId, Loc)>,
    /// Pool values that go from one place to another (a `let`, an argument, a return, a field): (from, to).
    pub flows: Vec<(NodeId, NodeId)>,
    /// The places `Pool::new(..)` makes.
    pub made: Vec<NodeId>,
    /// Where a pool's `Debug` output is shown: a pool field of a type that `#[derive(Debug)]`s (at its `Debug`), or a
    /// pool formatted with `{:?}` or `dbg!` (at the pool).
    pub debug_shown: Vec<(NodeId, Loc)>,
}

impl std::ops::Index<WorkerId> for Vec<WorkerDecl> {
    type Output = WorkerDecl;

    fn index(&self, id: WorkerId) -> &WorkerDecl {
        &self[id.0]
    }
}

impl std::ops::IndexMut<WorkerId> for Vec<WorkerDecl> {
    fn index_mut(&mut self, id: WorkerId) -> &mut WorkerDecl {
        &mut self[id.0]
    }
}

impl Facts {
    /// The job type `job` (rustc's text, crate items from the root) as written at the offset `at` of file `file` (in
    /// an inline module, which does not see the file's imports, from the crate root but for that module's items).
    pub fn job_written_in(&self, file: usize, at: usize, job: &str) -> String {
        let scope = (self.file_scopes[file].iter()).rfind(|(r, _)| r.contains(&at));
        let inline = scope.map_or(&[][..], |(_, p)| p.as_slice());
        let none = super::types::Imports::default();
        let imports = if inline.is_empty() {
            &self.file_imports[file]
        } else {
            &none
        };
        let module = [self.file_modules[file].as_slice(), inline].concat();
        let outside = &self.file_outside_library;
        let alias = super::job_aliases::alias_for(
            &self.job_aliases,
            (file, &module),
            outside,
            imports,
            job,
        );
        let job = alias.as_deref().unwrap_or(job);
        let job = match &self.file_outside_library[file] {
            Some(library) => super::types::in_other_crate(job, library, &self.library_names),
            None => job.to_string(),
        };
        super::types::written_in(&job, &module, &imports.names)
    }

    /// A new pool place, first seen at `loc`.
    pub fn node(&mut self, loc: Loc) -> NodeId {
        let id = self.parent.len();
        self.parent.push(id);
        self.first_seen.insert(id, loc);
        id
    }

    /// The place shared under `key`, created on first use.
    pub fn keyed(&mut self, key: Key, loc: Loc) -> NodeId {
        if let Some(&id) = self.keys.get(&key) {
            return id;
        }
        let id = self.node(loc);
        self.keys.insert(key, id);
        id
    }

    /// The error-type place under `key` (not a pool), created on first use.
    pub fn error_node(&mut self, key: Key, loc: Loc) -> NodeId {
        let id = self.keyed(key, loc);
        self.not_pools.insert(id);
        id
    }

    /// A fresh error-type place (not a pool).
    pub fn fresh_error_node(&mut self, loc: Loc) -> NodeId {
        let id = self.node(loc);
        self.not_pools.insert(id);
        id
    }

    /// The place under `key` if it exists.
    pub fn get(&self, key: &Key) -> Option<NodeId> {
        self.keys.get(key).copied()
    }

    /// The representative of `id`'s group.
    pub fn root(&self, mut id: NodeId) -> NodeId {
        while self.parent[id] != id {
            id = self.parent[id];
        }
        id
    }

    /// Puts `a` and `b` in one group: the same pool flows through both.
    pub fn union(&mut self, a: NodeId, b: NodeId) {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra != rb {
            let (keep, drop) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.parent[drop] = keep;
        }
    }

    /// The pool at `pool` gives its errors to the error place `error` (`?` into a `Result<_, workerpool::Error>`):
    /// they go to 3.x together, since 3.x's `Error` and 2.x's do not convert into each other, but they are not one
    /// value (a union would give every pool that shares an error type one job type).
    pub fn tie(&mut self, pool: NodeId, error: NodeId) {
        self.ties.push((pool, error));
    }

    /// The pool type whose name starts at `name` is `node`'s: it gets the job type at `loc`, right after the name.
    pub fn type_site(&mut self, node: NodeId, name: Loc, loc: Loc, scope: Scope) {
        let kind = SiteKind::Type;
        self.type_sites.push(TypeSite {
            node,
            loc,
            scope,
            kind,
        });
        self.owners.insert(name, Owner::Group(node));
    }

    /// Records that the pool at `node` cannot be migrated.
    pub fn refuse(&mut self, node: NodeId, loc: Loc, reason: Refusal) {
        self.refusals.push((node, loc, reason));
    }

    /// Every place an item declares, with its key.
    pub fn places(&self) -> impl Iterator<Item = (&Key, NodeId)> {
        self.keys.iter().map(|(k, &n)| (k, n))
    }

    /// Whether `node` is a function's pool parameter.
    pub fn is_param(&self, node: NodeId) -> bool {
        self.keys
            .iter()
            .any(|(key, &n)| n == node && matches!(key, Key::FnParam(..)))
    }

    /// Number of places.
    pub fn len(&self) -> usize {
        self.parent.len()
    }
}
