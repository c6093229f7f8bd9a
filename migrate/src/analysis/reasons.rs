//! Every reason the tool gives: why a pool stays on v2 ([`Refusal`]), where migrated code behaves differently
//! ([`Warning`]), what else is worth knowing ([`Note`]), and what changes at a migrated site ([`SiteChange`]). Each
//! has a stable kebab-case [`id`](Refusal::id) for machine-readable reports and a `Display` text for people.

use std::fmt;

/// Why a pool (with everything it flows through) stays on `workerpool::v2`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refusal {
    /// The pool is used in an expression the flow analysis does not follow.
    UnfollowedUse {
        /// The expression's text.
        what: String,
    },
    /// The pool is returned from a function whose return type is not a pool type the tool reads.
    UnfollowedReturn,
    /// The pool is returned as a public (or generic) type alias, `pub type SharedPool = Arc<Pool>;`.
    PublicAlias {
        /// The alias's name.
        alias: String,
    },
    /// A doc test names an item this pool is in; doc tests are moved to v2, not analysed.
    NamedInDocTest {
        /// The name it writes.
        name: String,
        /// The doc test's line.
        line: usize,
    },
    /// One branch of an `if` or `match` whose branches evaluate to a pool gives one the tool does not follow.
    UnfollowedBranch {
        /// That branch's expression.
        what: String,
    },
    /// The pool is stored in a struct field that is not declared with a pool type.
    UnfollowedField,
    /// The pool is assigned to a place the tool cannot follow.
    UnfollowedAssignment,
    /// The pool is passed to a function without a pool parameter the tool can follow.
    UnfollowedArgument {
        /// The function's name.
        function: String,
    },
    /// A pool field's name is shared with fields that are not pools.
    AmbiguousField {
        /// The field's name.
        field: String,
        /// The expression that reads it.
        expr: String,
    },
    /// A method that is not one of 2.x's `Pool` methods is called on the pool.
    UnknownMethod {
        /// The method's name.
        method: String,
    },
    /// The pool is named inside a macro whose input is not expressions.
    PoolInMacro {
        /// The macro's path.
        mac: String,
    },
    /// A function that returns a pool is passed as a value (not called) somewhere other than a cell's initialiser.
    FunctionAsValue {
        /// The function's path, as written.
        function: String,
    },
    /// `add_worker` or `remove_worker` is given a worker kept in a struct field.
    WorkerInField {
        /// The method called.
        method: String,
        /// The field expression, as written (`self.worker`).
        field: String,
    },
    /// The pool's `let` has a type annotation that is not a pool type the tool reads.
    UnreadableAnnotation,
    /// A pool parameter is a pattern, not a name.
    DestructuredParameter,
    /// The result of `delegate` is matched against `Error::NoWorkers`.
    MatchesNoWorkers,
    /// The result of `delegate` is used as a 2.x `Result<(), Error>`.
    DelegateResultUsed,
    /// `?` on `delegate` converts into an error type 3.x's `DelegateError<T>` may not convert into.
    TryIntoOther {
        /// The error type, as written.
        target: String,
    },
    /// `?` on `delegate` in a closure without a written return type.
    TryInUntypedClosure,
    /// The value of `stop()` is used.
    StopValueUsed,
    /// `add_worker` or `remove_worker` is given something other than a worker the tool follows.
    UnfollowedWorker {
        /// `add_worker` or `remove_worker`.
        method: String,
    },
    /// The result of `add_worker` or `remove_worker` is used.
    WorkerCallResultUsed {
        /// `add_worker` or `remove_worker`.
        method: String,
    },
    /// The `Worker` is used other than by `add_worker(&w)` / `remove_worker(&w)`.
    WorkerUsedOtherwise,
    /// The `Worker` is named inside a macro the tool cannot read.
    WorkerInMacro,
    /// The `Worker`'s `let` has a type annotation.
    WorkerAnnotation,
    /// `Worker::new` is not given exactly one function.
    WorkerArguments,
    /// The job type is given by turbofish only.
    JobTypeByTurbofish,
    /// The worker's job type is not written in the code.
    JobTypeUnknown,
    /// A worker is removed but never added.
    RemovedNeverAdded,
    /// A worker is added or removed inside a closure, away from where it is defined.
    WorkerInClosure,
    /// A `let w = helper(..)` worker is added more than once, or from a loop or closure.
    HelperWorkerReused,
    /// The workers of one pool take different job types.
    MixedJobTypes {
        /// The job types, as tokens.
        types: Vec<String>,
    },
    /// No worker is added to the pool in code the tool can see.
    NoWorkerSeen,
    /// The job type cannot be named at a site that needs it.
    JobTypeNotNameable {
        /// The job type, as written.
        job: String,
    },
    /// `workerpool::Error` is used for something not tied to one pool, while `?` converts this pool's errors into it.
    UntiedError,
    /// `add_worker` after `stop()` in the same function.
    AddAfterStop,
    /// The group holds only an error type, no pool.
    OnlyAnErrorType,
    /// `--verify` found that `cargo check` fails with this pool migrated and passes without it.
    PutBackByVerify,
    /// Workers collected into a `Vec` capture values not known to be `Clone`, so each add cannot hand over a clone.
    CollectedNotClone,
    /// A name may mean statics of several modules (none of them in the module that names it).
    AmbiguousStatic {
        /// The static's name.
        name: String,
    },
    /// Workers a helper function made, collected into a `Vec`, used other than by one `for w in &v` loop (where the
    /// vector is made) with one `add_worker(w)` directly in it: in 3.x each moves into its add.
    HelperWorkersVec {
        /// The vector's name.
        vector: String,
    },
    /// `let extra = w.clone();` of a worker whose bindings are not each added once, where they are made, and never
    /// removed.
    WorkerClone {
        /// The clone's name.
        clone: String,
    },
    /// The pool is in a `Result` the tool cannot follow: built with `Ok`/`Err` other than as a function's returned
    /// `Ok(pool)`, or a call returning `Result<Pool, E>` used other than by `?`, `.unwrap()` or `.expect(..)`.
    UnfollowedResult {
        /// `Ok`, `Err`, or the function whose result it is.
        via: String,
    },
    /// `x.0` on a value whose type the code does not show, while a tuple struct of the crate holds a pool at that
    /// index: it may read the pool.
    TupleFieldUnknownValue {
        /// The field access, as written.
        expr: String,
    },
    /// A tuple struct holding a pool is taken apart by a pattern (`let Executor(p) = ..`).
    DestructuredTupleStruct {
        /// The tuple struct's name.
        strukt: String,
    },
    /// A map-of-pools field (`pools: BTreeMap<String, Pool>`) is used other than by the map forms this tool follows.
    MapOfPools {
        /// The field's name (or the local's bound to it).
        field: String,
        /// The expression that uses it, as written.
        what: String,
    },
    /// A field name is declared as a map of pools in one struct and as a pool in another.
    MapFieldNameShared {
        /// The field's name.
        field: String,
    },
    /// An `impl Trait for Pool` names `Self` (or has a function without `self`), which this tool does not follow.
    PoolImplNamesSelf {
        /// The trait's name.
        trait_name: String,
    },
    /// The methods of an `impl Trait for Pool` are called on pools of different job types.
    PoolImplMixedJobs {
        /// The trait's name.
        trait_name: String,
    },
    /// `delegate` is given a parameter of a generic type.
    GenericJob {
        /// The generic parameter's name.
        job: String,
    },
    /// No worker is added to the pool in code the tool can see, and the result of its `delegate` is checked: in 2.x
    /// that is the `NoWorkers` refusal, which 3.x no longer makes.
    NoWorkerDelegateChecked,
    /// `Worker::new(name)` of a local or parameter that is not bound by `let` to a closure literal.
    WorkerFnLocal {
        /// The local's name.
        name: String,
    },
    /// A path that may name a helper where it is not followed: a call through a path that does not lead to the helper's
    /// module, `Type::method(..)` of a helper method, or the helper named as a value.
    HelperPathUnresolved {
        /// The path, as written.
        path: String,
    },
    /// A helper `-> Worker` whose tail branches, one branch something other than `Worker::new(..)`.
    HelperBranchNotWorkerNew {
        /// That branch's expression.
        what: String,
    },
    /// A method call that may be a helper method's, on a value whose type the code does not show.
    HelperMethodReceiverUnknown {
        /// The call, as written.
        call: String,
    },
    /// Workers collected into a `Vec` are removed other than by one loop after the one loop that adds them.
    CollectedRemoved,
    /// A local vector of pools (`let pools: Vec<Pool> = Vec::new();`) is used other than by the forms this tool
    /// follows.
    VecOfPools {
        /// The vector's name.
        vector: String,
    },
    /// A `let` closure with a parameter typed as a pool is used other than by calls of its name.
    PoolClosureUsedOtherwise {
        /// The closure's local.
        closure: String,
    },
    /// The handle of a thread that returns a pool is used other than by `handle.join().unwrap()`.
    PoolThreadHandleUsed {
        /// The handle's local.
        handle: String,
    },
    /// `Pool::new` is written in the body of a `macro_rules!` macro, whose expansion this tool does not read.
    PoolCreatedInMacro {
        /// The macro's name.
        mac: String,
    },
    /// `delegate` is given a job made from a local, in a function with a parameter whose type names a type parameter.
    GenericValuedJob {
        /// The locals it is made from, each in backticks.
        local: String,
    },
    /// The compiler, asked with a placeholder job type, found jobs or workers of several types for this pool.
    CompilerFoundMixed {
        /// The types it printed, each in backticks.
        types: Vec<String>,
    },
    /// The compiler found the job type, and it cannot be written (a closure's type, an `impl Trait`).
    CompilerFoundUnnameable {
        /// What it found.
        found: String,
    },
    /// The compiler, asked with a placeholder job type, said nothing about this pool's job type.
    CompilerFoundNothing {
        /// What it said instead.
        detail: String,
    },
}

impl Refusal {
    /// Every refusal's id, indexed as [`Refusal::id`] indexes it (for documentation and tests).
    pub const IDS: [&'static str; 64] = [
        "unfollowed-use",
        "unfollowed-return",
        "unfollowed-field",
        "unfollowed-assignment",
        "unfollowed-argument",
        "ambiguous-field",
        "unknown-method",
        "pool-in-macro",
        "unreadable-annotation",
        "destructured-parameter",
        "matches-no-workers",
        "delegate-result-used",
        "try-into-other",
        "try-in-untyped-closure",
        "stop-value-used",
        "unfollowed-worker",
        "worker-call-result-used",
        "worker-used-otherwise",
        "worker-in-macro",
        "worker-annotation",
        "worker-arguments",
        "job-type-by-turbofish",
        "job-type-unknown",
        "removed-never-added",
        "worker-in-closure",
        "mixed-job-types",
        "no-worker-seen",
        "job-type-not-nameable",
        "untied-error",
        "add-after-stop",
        "only-an-error-type",
        "helper-worker-reused",
        "put-back-by-verify",
        "ambiguous-static",
        "collected-not-clone",
        "function-as-value",
        "worker-in-field",
        "helper-workers-vec",
        "worker-clone",
        "unfollowed-result",
        "unfollowed-branch",
        "public-alias",
        "named-in-doc-test",
        "tuple-field-unknown-value",
        "destructured-tuple-struct",
        "map-of-pools",
        "map-field-name-shared",
        "pool-impl-names-self",
        "pool-impl-mixed-jobs",
        "generic-job",
        "no-worker-delegate-checked",
        "worker-fn-local",
        "helper-path-unresolved",
        "helper-branch-not-worker-new",
        "helper-method-receiver-unknown",
        "collected-removed",
        "vec-of-pools",
        "pool-closure-used-otherwise",
        "pool-thread-handle-used",
        "pool-created-in-macro",
        "generic-valued-job",
        "compiler-found-mixed",
        "compiler-found-unnameable",
        "compiler-found-nothing",
    ];

    /// A stable, kebab-case id for machine-readable reports.
    pub fn id(&self) -> &'static str {
        use Refusal::*;
        let index = match self {
            UnfollowedUse { .. } => 0,
            UnfollowedReturn => 1,
            UnfollowedField => 2,
            UnfollowedAssignment => 3,
            UnfollowedArgument { .. } => 4,
            AmbiguousField { .. } => 5,
            UnknownMethod { .. } => 6,
            PoolInMacro { .. } => 7,
            UnreadableAnnotation => 8,
            DestructuredParameter => 9,
            MatchesNoWorkers => 10,
            DelegateResultUsed => 11,
            TryIntoOther { .. } => 12,
            TryInUntypedClosure => 13,
            StopValueUsed => 14,
            UnfollowedWorker { .. } => 15,
            WorkerCallResultUsed { .. } => 16,
            WorkerUsedOtherwise => 17,
            WorkerInMacro => 18,
            WorkerAnnotation => 19,
            WorkerArguments => 20,
            JobTypeByTurbofish => 21,
            JobTypeUnknown => 22,
            RemovedNeverAdded => 23,
            WorkerInClosure => 24,
            MixedJobTypes { .. } => 25,
            NoWorkerSeen => 26,
            JobTypeNotNameable { .. } => 27,
            UntiedError => 28,
            AddAfterStop => 29,
            OnlyAnErrorType => 30,
            HelperWorkerReused => 31,
            PutBackByVerify => 32,
            AmbiguousStatic { .. } => 33,
            CollectedNotClone => 34,
            FunctionAsValue { .. } => 35,
            WorkerInField { .. } => 36,
            HelperWorkersVec { .. } => 37,
            WorkerClone { .. } => 38,
            UnfollowedResult { .. } => 39,
            UnfollowedBranch { .. } => 40,
            PublicAlias { .. } => 41,
            NamedInDocTest { .. } => 42,
            TupleFieldUnknownValue { .. } => 43,
            DestructuredTupleStruct { .. } => 44,
            MapOfPools { .. } => 45,
            MapFieldNameShared { .. } => 46,
            PoolImplNamesSelf { .. } => 47,
            PoolImplMixedJobs { .. } => 48,
            GenericJob { .. } => 49,
            NoWorkerDelegateChecked => 50,
            WorkerFnLocal { .. } => 51,
            HelperPathUnresolved { .. } => 52,
            HelperBranchNotWorkerNew { .. } => 53,
            HelperMethodReceiverUnknown { .. } => 54,
            CollectedRemoved => 55,
            VecOfPools { .. } => 56,
            PoolClosureUsedOtherwise { .. } => 57,
            PoolThreadHandleUsed { .. } => 58,
            PoolCreatedInMacro { .. } => 59,
            GenericValuedJob { .. } => 60,
            CompilerFoundMixed { .. } => 61,
            CompilerFoundUnnameable { .. } => 62,
            CompilerFoundNothing { .. } => 63,
        };
        Self::IDS[index]
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal::*;
        match self {
            UnfollowedUse { what } => write!(f, "`{what}` is used in a way this tool cannot follow (only calls of the 2.x methods, `let`, fields, arguments of this crate's functions and `Arc` are)"),
            NoWorkerDelegateChecked => f.write_str("no worker is added to this pool in code this tool can see, and the result of its delegate is checked: in 2.x that result is Err(NoWorkers); in 3.x a pool without workers queues the job and delegate fails only once the pool is stopped. Keeping this pool on v2 is right for code that tests 2.x's refusal; otherwise add its worker where this tool can see it, or migrate it by hand"),
            UnfollowedBranch { what } => write!(f, "a branch evaluates to `{what}`, a pool this tool cannot follow; the pools of the other branches are the same pool, so they stay on v2 too (migrate them by hand)"),
            NamedInDocTest { name, line } => write!(f, "the doc test at line {line} names `{name}`, and this tool moves doc tests to workerpool::v2 without analysing them, so the pool stays on v2 with it (migrate the pool and its doc tests by hand)"),
            PublicAlias { alias } => write!(f, "the pool is returned as `{alias}`, a public type alias of a pool type: the crate's users name it, so this tool leaves its job type to you (migrate this pool by hand, writing the alias with `Pool<T>`)"),
            UnfollowedReturn => f.write_str("the pool is returned, but the return type is not one this tool can follow"),
            UnfollowedField => f.write_str("the pool is stored in a field whose type this tool cannot follow"),
            UnfollowedAssignment => f.write_str("the pool is assigned to a place this tool cannot follow"),
            UnfollowedArgument { function } => write!(f, "the pool is passed to `{function}`, which does not take a pool parameter this tool can follow"),
            AmbiguousField { field, expr } => write!(f, "the field name `{field}` is also used by fields that are not pools, and this tool cannot tell which struct `{expr}` reads it from (write the type of its receiver on the `let` or parameter that binds it)"),
            UnknownMethod { method } => write!(f, "calls `{method}` on the pool, which is not a 2.x Pool method this tool knows"),
            PoolInMacro { mac } => write!(f, "the pool is used inside the macro `{mac}!`, which this tool cannot read (to migrate it, call the pool's methods outside the macro, or migrate it by hand)"),
            UnreadableAnnotation => f.write_str("the pool's binding has a type annotation this tool cannot read"),
            DestructuredParameter => f.write_str("the pool parameter is destructured"),
            MatchesNoWorkers => f.write_str("the result of delegate is matched against Error::NoWorkers; in 3.x delegate queues the job when there are no workers, and its error is DelegateError<T> (keep this pool on v2 or rewrite the match by hand)"),
            DelegateResultUsed => f.write_str("the result of delegate is used as a 2.x Result<(), Error>; in 3.x it is Result<(), DelegateError<T>> (migrated: `?`, .unwrap(), .expect(), .is_ok(), .is_err(), a plain statement, and a match, if let or .map_err(|e| ..) that only formats the error; any other use of the result is left to you: migrate this pool by hand)"),
            TryIntoOther { target } => write!(f, "`?` converts the delegate error into `{target}`, which this tool cannot tell takes 3.x's DelegateError<T> (it converts into workerpool::Error, Box<dyn Error> and anyhow::Error, and into a type with `From<DelegateError<T>>`): return one of those, or migrate this pool by hand"),
            TryInUntypedClosure => f.write_str("`?` on delegate inside a closure without a written return type: its error type cannot be checked"),
            StopValueUsed => f.write_str("the value of stop() is used; in 3.x stop() returns the jobs no worker was left to run"),
            UnfollowedWorker { method } => write!(f, "{method} is given a worker this tool cannot follow (only `&w` for a `let w = Worker::new(..)` or `let w = helper(..)` in the same function, `&Worker::new(..)`, `&helper(..)` of a `fn helper(..) -> Worker`, and `w` of a `for w in &workers` over workers collected from one of these)"),
            WorkerCallResultUsed { method } => write!(f, "the result of {method} is used in a way this tool does not migrate; in 3.x add_worker returns a WorkerHandle and workers are removed through it (migrated: `?`, .unwrap(), .expect(), a .map_err(|e| ..) that only formats the error, and an `if let Err(..)` or `.is_err()` check without else or a `match` with an empty `Ok` arm, which never runs since 2.x's add_worker always returns Ok(()))"),
            WorkerUsedOtherwise => f.write_str("the Worker is used other than by add_worker(&w) / remove_worker(&w)"),
            WorkerInMacro => f.write_str("the Worker is used inside a macro this tool cannot read"),
            WorkerAnnotation => f.write_str("the Worker binding is annotated with a type other than the 2.x `Worker` itself (an alias, a trait object), which this tool does not read through (write `Worker`, or drop the annotation)"),
            WorkerArguments => f.write_str("Worker::new is not given exactly one function"),
            JobTypeByTurbofish => f.write_str("the job type is given by turbofish, but the worker function's parameter has no type; write the type on the closure's parameter"),
            JobTypeUnknown => f.write_str("the worker's job type is not written in the code (give the closure's parameter a type, or pass a function of this file)"),
            RemovedNeverAdded => f.write_str("the worker is removed but never added in code this tool can see"),
            WorkerInClosure => f.write_str("the worker is added or removed inside a closure, away from where it is defined"),
            MixedJobTypes { types } => write!(f, "its workers take different job types ({}); 2.x checked job types when a job ran, 3.x needs one job type per pool", types.join(", ")),
            NoWorkerSeen => f.write_str("no worker is added to this pool in code this tool can see, so its job type is unknown"),
            JobTypeNotNameable { job } => write!(f, "the job type `{job}` cannot be named here (it is written in another scope)"),
            UntiedError => f.write_str("workerpool::Error is used here for something this tool cannot tie to one pool (a match on Error::NoWorkers, an impl, a parameter), and `?` on this pool's delegate converts into workerpool::Error; in 3.x that Error has other variants and delegate no longer fails with NoWorkers"),
            AddAfterStop => f.write_str("add_worker after stop() in the same function: 2.x resumed a stopped pool, in 3.x a stopped pool stays stopped; to migrate, create a new pool for the next batch instead of reusing the stopped one (3.x's stop() also runs the queued jobs and waits for them, so the first batch needs no wait of its own), or keep this pool on v2"),
            OnlyAnErrorType => f.write_str("only an error type"),
            PutBackByVerify => f.write_str("cargo check failed with this pool migrated and passed without it (found by --verify, halving the set of pools); it stays on workerpool::v2"),
            CollectedNotClone => f.write_str("the workers are collected into a Vec and added by reference; in 3.x add_worker takes its own closure, and this one captures values this tool does not know to be Clone (capture clones, or build one closure per add_worker)"),
            AmbiguousStatic { name } => write!(f, "`{name}` is not a static of this module, and statics of that name are declared in several modules; this tool does not follow the import that says which (they all stay on v2)"),
            WorkerInField { method, field } => write!(f, "{method} is given the worker kept in `{field}`; 3.x has no worker value to keep: add_worker takes the closure and returns a WorkerHandle, and removing a worker is that handle's .remove() (keep the handles, for example in a Mutex<Vec<WorkerHandle>> field, then migrate this pool by hand)"),
            FunctionAsValue { function } => write!(f, "`{function}` makes a pool and is passed as a function value; this tool follows such a value only into `LazyLock::new({function})` and `cell.get_or_init({function})` (call it where its pool is used, or migrate this pool by hand)"),
            WorkerClone { clone } => write!(f, "`{clone}` is a clone of a Worker, which in 3.x is a clone of its closure: this tool migrates it only when the worker and each clone are added once each, after the last clone is made, where they are made, and never removed (add the worker's closure once per add_worker, or migrate this pool by hand)"),
            UnfollowedResult { via } => write!(f, "the pool is in a Result through `{via}` in a way this tool cannot follow (followed: `Ok(pool)` or `Ok((pool, ..))` at the tail of, or returned from, a function declared `-> Result<Pool, E>` or `-> Result<(Pool, ..), E>`, and its call taken apart by `?`, .unwrap() or .expect(..); migrate this pool by hand)"),
            HelperWorkersVec { vector } => write!(f, "the workers in `{vector}` are made by a helper function, and in 3.x each one's closure moves into add_worker: this tool migrates them only when `{vector}` is used by one `for w in &{vector}` loop, where it is made, with one add_worker(w) directly in it (add them that way, or call the helper at each add_worker)"),
            TupleFieldUnknownValue { expr } => write!(f, "`{expr}` reads a field of a value whose type this tool cannot see, and a tuple struct of this crate holds a pool at that index (write the struct's type on the `let` or parameter that binds the value, or migrate this pool by hand)"),
            DestructuredTupleStruct { strukt } => write!(f, "the pool in `{strukt}` is taken out by a pattern (`{strukt}(..)`), which this tool does not follow (read the field as `.0` instead, or migrate this pool by hand)"),
            MapOfPools { field, what } => write!(f, "`{what}` uses the map of pools `{field}` in a way this tool does not follow (followed: `{field}.insert(key, pool);` as a statement, `{field}[key]`, .get(..), .get_mut(..), .remove(..), .contains_key(..), .len(), .is_empty(), .keys(), .clear(), and a `for` over .values(), .values_mut(), .iter() or `&{field}`); type the map's `Pool<T>` by hand"),
            MapFieldNameShared { field } => write!(f, "the field name `{field}` is a map of pools in one struct and a pool in another, and this tool does not tell them apart (rename one of the fields, or migrate these pools by hand)"),
            PoolImplNamesSelf { trait_name } => write!(f, "`impl {trait_name} for Pool` names `Self` or has a function without `self`, which this tool does not follow (its methods are followed when each takes `self` and `Self` is not written; write `Pool` for `Self`, or migrate this pool by hand)"),
            PoolImplMixedJobs { trait_name } => write!(f, "the methods of `impl {trait_name} for Pool` are called on pools of different job types, and one impl for `Pool<T>` serves one `T` (make the impl generic, `impl<T: Send + 'static> {trait_name} for Pool<T>`, if its body allows, or write one impl per job type by hand)"),
            GenericJob { job } => write!(f, "delegate is given a value of the generic type `{job}`; 2.x took any type, and 3.x's Pool<T> takes only its job type (give the parameter the job type, or migrate this pool by hand)"),
            WorkerFnLocal { name } => write!(f, "Worker::new is given `{name}`, a local or parameter this tool does not follow to a closure (it follows a `let {name} = move |job: T| ..;` of a closure literal whose parameter has a type): write the closure there or inside Worker::new(..), with its parameter's type"),
            HelperPathUnresolved { path } => write!(f, "`{path}` may name a helper function of this crate that makes a Worker, where this tool does not follow it (it follows a call of the helper by its name, imported with `use` or not, or by a path to its module such as `crate::workers::helper(..)`, and a helper method called on a value whose type the code shows): call it that way, or migrate this pool by hand"),
            HelperBranchNotWorkerNew { what } => write!(f, "a branch of the helper function returns `{what}`, not a `Worker::new(..)` of a closure this tool reads (it migrates a helper whose every branch is `Worker::new(move |job: T| ..)`, or diverges): write that branch as one, or migrate this pool by hand"),
            HelperMethodReceiverUnknown { call } => write!(f, "`{call}` may call a method of this crate that makes a Worker, on a value whose type this tool cannot tell (it follows `Type {{ .. }}.method()`, and a receiver whose `let` or parameter shows its type): write the receiver's type on its `let`, or migrate this pool by hand"),
            CollectedRemoved => f.write_str("a worker collected into a Vec is removed; in 3.x a worker is removed through the handle add_worker returns, and this tool keeps those handles only when one `for w in &workers` loop adds every worker (one add_worker(w) statement directly in it) and one loop after it over `&workers`, `workers.iter()` or `workers.iter().rev()` removes them (one remove_worker(w) statement), both where the vector is made (write the removal that way, or migrate this pool by hand)"),
            VecOfPools { vector } => write!(f, "the vector of pools `{vector}` is used here in a way this tool does not follow (followed: `{vector}.push(pool);` as a statement, `{vector}[i]`, .len(), .is_empty(), .clear(), a `for` over `&{vector}`, `{vector}.iter()` or `{vector}` itself, and the closure of `{vector}.iter().map(|p| ..)`, .for_each(..), .any(..) or .all(..)); type the vector's `Pool<T>` by hand"),
            PoolClosureUsedOtherwise { closure } => write!(f, "the closure `{closure}` takes a pool parameter and is used other than by calls `{closure}(..)`, so this tool cannot see every pool it is given (it follows a `let` closure with a `p: &Pool` parameter that is only called by its name): call it only by its name, write it as a `fn`, or migrate this pool by hand"),
            PoolThreadHandleUsed { handle } => write!(f, "the thread `{handle}` returns a pool, and its handle is used other than by `let pool = {handle}.join().unwrap();` (or `.expect(..)`), the one way this tool follows the pool back: take the pool back that way, or migrate this pool by hand"),
            PoolCreatedInMacro { mac } => write!(f, "the pool is created inside the macro `{mac}!`, which this tool cannot read; its job type comes from the code that calls the macro (migrate it by hand: write the pool's type, `Pool<T>`, in the macro)"),
            GenericValuedJob { local } => write!(f, "delegate is given a job made from {local} in a function whose parameters carry a type parameter, so the job's type may be that parameter; 2.x took any type, and 3.x's Pool<T> takes only its job type (give the function's parameters the job type, or migrate this pool by hand)"),
            CompilerFoundMixed { types } => write!(f, "the compiler, asked with a placeholder job type, found this pool given jobs or workers of different types ({}); 2.x checked job types when a job ran, 3.x needs one job type per pool (make one enum of them, or keep this pool on v2)", types.join(", ")),
            CompilerFoundUnnameable { found } => write!(f, "the compiler found that this pool's job type is {found}, which cannot be written in `Pool<T>` (give the jobs a named type, such as a struct or a `Box<dyn FnOnce() + Send>`, or migrate this pool by hand)"),
            CompilerFoundNothing { detail } => write!(f, "the compiler, asked with a placeholder job type, did not say what this pool carries ({detail}); write the job type on a worker closure's parameter, or migrate this pool by hand"),
            HelperWorkerReused => f.write_str("the worker a helper function made is added more than once or from a loop or closure; in 3.x its closure moves into add_worker, and this one captures values this tool does not know to be Clone (call the helper at each add_worker instead, giving each call its own copy of what it takes, such as `tx.clone()`)"),
        }
    }
}

/// A migrated site where 3.x behaves differently, shown by the code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// `delegate` after `stop()` in the same function.
    DelegateAfterStop,
    /// The result of `delegate` is matched, with a branch for its error.
    ErrorBranch,
    /// The job is an unsuffixed literal (or a binding of only such literals): 2.x made it an `i32` (`f64`), which a
    /// worker of another type could not take; 3.x gives it the pool's job type.
    UntypedLiteralJob {
        /// What 2.x made of it: `i32` or `f64`.
        was: &'static str,
        /// The pool's job type.
        job: String,
    },
    /// No worker is ever added to the pool `Pool::new` makes here: its value goes only to functions that delegate to
    /// it (or count its workers), and no code adds a worker to it. 2.x's delegate failed with `NoWorkers`; 3.x's queues.
    NeverGivenWorker,
    /// The pool's `Debug` output is shown here (a `#[derive(Debug)]` of a type holding it, a `{:?}`, `dbg!`), and it
    /// differs in 3.x.
    DebugOutput,
}

impl Warning {
    /// A stable, kebab-case id for machine-readable reports.
    pub fn id(&self) -> &'static str {
        match self {
            Warning::DelegateAfterStop => "delegate-after-stop",
            Warning::ErrorBranch => "delegate-error-branch",
            Warning::UntypedLiteralJob { .. } => "untyped-literal-job",
            Warning::NeverGivenWorker => "never-given-worker",
            Warning::DebugOutput => "pool-debug-output",
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::DelegateAfterStop => f.write_str("delegate after stop() in the same function: in 2.x it failed with NoWorkers (or queued the job once workers were added again); in 3.x it fails and hands the job back"),
            Warning::UntypedLiteralJob { was, job } => {
                let an = if job.starts_with(['a', 'e', 'f', 'i', 'o']) { "an" } else { "a" };
                write!(f, "in 2.x this job was an {was} (a number literal without a suffix), which a {job} worker could not take (a worker that got it panicked, and the job was lost); in 3.x it is {an} {job}")
            }
            Warning::NeverGivenWorker => f.write_str("no worker is ever added to this pool: in 2.x its delegate failed with NoWorkers, in 3.x it queues the job (a worker added later runs it), so code that expects the error, such as a test asserting it, now sees Ok"),
            Warning::DebugOutput => f.write_str("the pool's Debug output is shown here (a derive(Debug) of a type holding it, or a {:?}), and it differs in 3.x (`Pool { capacity: .., queued: .., workers: .., stopped: .. }` where 2.x printed `Pool { queue_length: .., queued: .., workers: .. }`): check logs, snapshots or tests that read it"),
            Warning::ErrorBranch => f.write_str("the error branch of this delegate runs for another cause: in 2.x when the pool had no workers (NoWorkers), in 3.x when the pool is stopped (a pool without workers queues the job); the error is now a DelegateError<T>, which prints its own text and holds the job (into_job())"),
        }
    }
}

/// Something worth knowing that is neither a refusal nor a behaviour change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// A `pub use` of a 2.x item, which stays on v2 for the crate's users.
    Reexport {
        /// The leaf as written (`Pool`, `Pool as P`, `*`).
        leaf: String,
    },
    /// An `if let Err(..) = pool.add_worker(&w) { .. }` or `.is_err()` check was dropped with its branch.
    DeadCheckDropped,
    /// A doc test names workerpool's 2.x API: its paths are moved to `workerpool::v2`.
    DocTestOnV2,
    /// anyhow's `Context` import was removed: the rewrite dropped the only `.context(..)` calls, on 2.x results.
    UnusedContextImportRemoved,
    /// A `use super::*;` was removed: the only names it brought in were 2.x items the rewrite writes out in full.
    UnusedGlobRemoved,
}

impl Note {
    /// The id of [`Note::Reexport`].
    pub const REEXPORT: &'static str = "reexport";

    /// A stable, kebab-case id for machine-readable reports.
    pub fn id(&self) -> &'static str {
        match self {
            Note::Reexport { .. } => Self::REEXPORT,
            Note::DeadCheckDropped => "dead-check-dropped",
            Note::DocTestOnV2 => "doc-test-on-v2",
            Note::UnusedContextImportRemoved => "unused-context-import-removed",
            Note::UnusedGlobRemoved => "unused-glob-removed",
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Reexport { leaf } => write!(
                f,
                "re-exports workerpool's 2.x `{leaf}`: it stays `workerpool::v2::{leaf}` for this crate's users"
            ),
            Note::DeadCheckDropped => f.write_str(
                "the error check of add_worker is dropped with its branch, which never ran: 2.x's add_worker always returned Ok(())",
            ),
            Note::DocTestOnV2 => f.write_str(
                "this doc test names workerpool's 2.x API: its `workerpool::` paths now name `workerpool::v2::`, so `cargo test` still runs it (migrate it by hand, with the pools it uses)",
            ),
            Note::UnusedContextImportRemoved => f.write_str(
                "anyhow's `Context` is no longer imported: its only `.context(..)` calls were on 2.x results the rewrite dropped, and an unused import would warn",
            ),
            Note::UnusedGlobRemoved => f.write_str(
                "this `use super::*;` is removed: the only names it brought in from the parent module were workerpool's, which the rewrite writes out in full here, and an unused import would warn",
            ),
        }
    }
}

/// What the rewrite changes at one site of a migrated pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SiteChange {
    /// `Pool::new(n)` becomes `Pool::<T>::new(n)`.
    JobTypeAtConstructor {
        /// The job type, as written.
        job: String,
    },
    /// A written pool type becomes `Pool<T>`.
    JobTypeInType {
        /// The job type, as written.
        job: String,
    },
    /// `delegate`, whose job's type is now checked when it compiles.
    Delegate,
    /// `add_worker(&w)` becomes `add_worker(f)`.
    AddWorker,
    /// `stop()`, which in 3.x runs the queue first.
    Stop,
    /// `workers_num()` or `remove_worker(&w)`.
    WorkersNumOrRemoveWorker,
}

impl SiteChange {
    /// A stable, kebab-case id for machine-readable reports.
    pub fn id(&self) -> &'static str {
        match self {
            SiteChange::JobTypeAtConstructor { .. } => "job-type-at-constructor",
            SiteChange::JobTypeInType { .. } => "job-type-in-type",
            SiteChange::Delegate => "delegate",
            SiteChange::AddWorker => "add-worker",
            SiteChange::Stop => "stop",
            SiteChange::WorkersNumOrRemoveWorker => "workers-num-or-remove-worker",
        }
    }
}

impl fmt::Display for SiteChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SiteChange::JobTypeAtConstructor { job } => {
                write!(f, "the constructor gets the job type: `::<{job}>`")
            }
            SiteChange::JobTypeInType { job } => {
                write!(f, "the pool's type gets the job type: `<{job}>`")
            }
            SiteChange::Delegate => {
                f.write_str("delegate, unchanged: the job's type is now checked when it compiles")
            }
            SiteChange::AddWorker => f.write_str(
                "add_worker(&w) becomes add_worker(f): the pool takes the worker function",
            ),
            SiteChange::Stop => {
                f.write_str("stop(), unchanged: in 3.x it runs the queue, then joins the workers")
            }
            SiteChange::WorkersNumOrRemoveWorker => f.write_str(
                "workers_num() becomes workers(), remove_worker(&w) becomes handle.remove()",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_kebab_case() {
        let mut ids = Refusal::IDS.to_vec();
        ids.extend([
            Warning::DelegateAfterStop.id(),
            Note::Reexport {
                leaf: "Pool".into(),
            }
            .id(),
            Note::DeadCheckDropped.id(),
            Note::UnusedContextImportRemoved.id(),
            Note::UnusedGlobRemoved.id(),
        ]);
        ids.extend(
            [
                SiteChange::JobTypeAtConstructor { job: "u8".into() },
                SiteChange::JobTypeInType { job: "u8".into() },
                SiteChange::Delegate,
                SiteChange::AddWorker,
                SiteChange::Stop,
                SiteChange::WorkersNumOrRemoveWorker,
            ]
            .iter()
            .map(SiteChange::id),
        );
        for id in &ids {
            assert!(
                id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{id}"
            );
        }
        let count = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), count);
    }

    #[test]
    fn each_refusal_has_its_own_id_and_text() {
        let some = [
            Refusal::UnfollowedUse { what: "p".into() },
            Refusal::MixedJobTypes {
                types: vec!["u8".into(), "u16".into()],
            },
            Refusal::JobTypeNotNameable { job: "Job".into() },
            Refusal::OnlyAnErrorType,
            Refusal::FunctionAsValue {
                function: "build".into(),
            },
            Refusal::AmbiguousStatic {
                name: "POOL".into(),
            },
        ];
        let expected = expect_test::expect![[r#"
            unfollowed-use: `p` is used in a way this tool cannot follow (only calls of the 2.x methods, `let`, fields, arguments of this crate's functions and `Arc` are)
            mixed-job-types: its workers take different job types (u8, u16); 2.x checked job types when a job ran, 3.x needs one job type per pool
            job-type-not-nameable: the job type `Job` cannot be named here (it is written in another scope)
            only-an-error-type: only an error type
            function-as-value: `build` makes a pool and is passed as a function value; this tool follows such a value only into `LazyLock::new(build)` and `cell.get_or_init(build)` (call it where its pool is used, or migrate this pool by hand)
            ambiguous-static: `POOL` is not a static of this module, and statics of that name are declared in several modules; this tool does not follow the import that says which (they all stay on v2)
        "#]];
        let got: String = some.iter().map(|r| format!("{}: {r}\n", r.id())).collect();
        expected.assert_eq(&got);
    }
}
