//! Every reason the tool gives: why a pool stays on v2 ([`Refusal`]), where migrated code behaves differently
//! ([`Warning`]), what else is worth knowing ([`Note`]), and what changes at a migrated site ([`SiteChange`]). Each
//! has a stable kebab-case [`id`](Refusal::id) for machine-readable reports and a `Display` text for people.

use std::fmt;

/// Why a pool (with everything it flows through) stays on `workerpool::v2`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refusal {
    /// What the syntax alone does not settle about the pool: the compiler answers it when asked (the output checked),
    /// otherwise the pool stays on v2 with this one reason.
    NeedsCompiler {
        /// What the compiler would be asked.
        question: Question,
    },
    /// A doc test names an item this pool is in; doc tests are moved to v2, not analysed.
    NamedInDocTest {
        /// The name it writes.
        name: String,
        /// The doc test's line.
        line: usize,
    },
    /// The result of `delegate` is matched against `Error::NoWorkers`.
    MatchesNoWorkers,
    /// `add_worker` after `stop()` in the same function.
    AddAfterStop,
    /// The group holds only an error type, no pool.
    OnlyAnErrorType,
    /// `--verify` found that `cargo check` fails with this pool migrated and passes without it.
    PutBackByVerify,
    /// No worker is added to the pool in code the tool can see, and the result of its `delegate` is checked: in 2.x
    /// that is the `NoWorkers` refusal, which 3.x no longer makes.
    NoWorkerDelegateChecked,
    /// The compiler, asked with a placeholder job type, found jobs or workers of several types for this pool.
    CompilerFoundMixed {
        /// The types it printed, each in backticks.
        types: Vec<String>,
        /// The names of the functions whose pool parameter or return makes this one pool to the tool (none from the
        /// compiler's layer, which does not know them).
        through: Vec<String>,
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
        /// Whether that is the probed code meeting code that stays on v2 (a worker both serve).
        meets_v2: bool,
    },
}

/// A question about a pool that the syntax does not settle and the compiler does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Question {
    /// Its job type: not written where the pool is seen, written where a site cannot name it, several types, or one
    /// that may be a type parameter (also through a `?` into an error type the syntax cannot judge).
    JobType,
    /// Where it goes: a use the flow layer does not follow, which a rewrite that misses it cannot build.
    Use,
    /// Where a worker of it goes: a worker kept in a field or an `Option`, cloned, returned or passed on, made by a
    /// helper and added more than once, or added or removed away from where it is made. The compiler types such a
    /// worker, kept as a `SharedWorker` (see `kept_workers`).
    Worker,
}

impl Refusal {
    /// A use of the pool the flow layer does not follow.
    pub const UNFOLLOWED: Refusal = Refusal::NeedsCompiler {
        question: Question::Use,
    };
    /// A job type the syntax does not settle.
    pub const UNSETTLED: Refusal = Refusal::NeedsCompiler {
        question: Question::JobType,
    };
    /// A worker the flow layer does not follow.
    pub const UNFOLLOWED_WORKER: Refusal = Refusal::NeedsCompiler {
        question: Question::Worker,
    };

    /// Every refusal's id, indexed as [`Refusal::id`] indexes it (for documentation and tests).
    pub const IDS: [&'static str; 10] = [
        "needs-compiler",
        "matches-no-workers",
        "add-after-stop",
        "only-an-error-type",
        "put-back-by-verify",
        "named-in-doc-test",
        "no-worker-delegate-checked",
        "compiler-found-mixed",
        "compiler-found-unnameable",
        "compiler-found-nothing",
    ];

    /// A stable, kebab-case id for machine-readable reports.
    pub fn id(&self) -> &'static str {
        use Refusal::*;
        let index = match self {
            NeedsCompiler { .. } => 0,
            MatchesNoWorkers => 1,
            AddAfterStop => 2,
            OnlyAnErrorType => 3,
            PutBackByVerify => 4,
            NamedInDocTest { .. } => 5,
            NoWorkerDelegateChecked => 6,
            CompilerFoundMixed { .. } => 7,
            CompilerFoundUnnameable { .. } => 8,
            CompilerFoundNothing { .. } => 9,
        };
        Self::IDS[index]
    }
}

/// The reason of a pool the check of the output put back on v2, with the compiler's first error when it gave one
/// (the report fills it in: the analysis runs before the check).
pub fn put_back_by_verify(error: Option<&str>) -> String {
    let said = error.map_or(String::new(), |e| format!(" (cargo check said: {e})"));
    // 3.x has no `NoWorkers` to match: say what it does instead, not only where the error is.
    let what_to_do = if error.is_some_and(|e| e.contains("`NoWorkers`")) {
        "3.x's delegate queues the job when there are no workers, so no `NoWorkers` is ever returned: rewrite the code \
         that matches it (a test of 2.x's refusal asserts what 3.x no longer does), then run migrate again, or leave \
         the pool on v2"
    } else {
        "migrate it by hand where the error points, or leave it on v2"
    };
    format!(
        "cargo check failed with this pool migrated{said} and passed without it (found by halving the set of migrated \
         pools); it stays on workerpool::v2: {what_to_do}"
    )
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal::*;
        match self {
            NeedsCompiler { question } => write!(f, "{}, and the compiler was not asked (--no-verify was given, or the file is in no package with a Cargo.toml): run migrate in the crate's package without --no-verify, so that the compiler types this pool and checks the result", match question {
                Question::JobType => "the code alone does not settle this pool's job type (it is not written where the pool is, or only where this site cannot name it, or there are several, or a type parameter)",
                Question::Use => "the code alone does not show where this pool goes (this use of it is not one this tool follows)",
                Question::Worker => "the code alone does not show where this pool's worker goes (it is kept in a field or an Option, cloned, returned or passed on, made by a helper and added more than once, annotated with a type other than `Worker`, or added or removed away from where it is made)",
            }),
            NoWorkerDelegateChecked => f.write_str("no worker is added to this pool in code this tool can see, and the result of its delegate is checked: in 2.x that result is Err(NoWorkers); in 3.x a pool without workers queues the job and delegate fails only once the pool is stopped. Keeping this pool on v2 is right for code that tests 2.x's refusal; otherwise add its worker where this tool can see it, or migrate it by hand"),
            NamedInDocTest { name, line } => write!(f, "the doc test at line {line} names `{name}`, and this tool moves doc tests to workerpool::v2 without analysing them, so the pool stays on v2 with it (migrate the pool and its doc tests by hand)"),
            MatchesNoWorkers => f.write_str("the result of delegate is matched against Error::NoWorkers; in 3.x delegate queues the job when there are no workers, and its error is DelegateError<T> (keep this pool on v2 or rewrite the match by hand)"),
            AddAfterStop => f.write_str("add_worker after stop() in the same function: 2.x resumed a stopped pool, in 3.x a stopped pool stays stopped; to migrate, create a new pool for the next batch instead of reusing the stopped one (3.x's stop() also runs the queued jobs and waits for them, so the first batch needs no wait of its own), or keep this pool on v2"),
            OnlyAnErrorType => f.write_str("only an error type"),
            PutBackByVerify => f.write_str(&put_back_by_verify(None)),
            CompilerFoundMixed { types, through } if through.is_empty() => write!(f, "the compiler, asked with a placeholder job type, found this pool given jobs or workers of different types ({}); 2.x checked job types when a job ran, 3.x needs one job type per pool (make one enum of them, or keep this pool on v2)", types.join(", ")),
            CompilerFoundMixed { types, through } => {
                let (one, them, it) = match through.len() {
                    1 => ("function", "it takes or returns this pool: if it serves", "it"),
                    _ => ("functions", "they take or return this pool: if they serve", "them"),
                };
                let named: Vec<String> = through.iter().map(|n| format!("`{n}`")).collect();
                write!(f, "the compiler, asked with a placeholder job type, found this pool given jobs or workers of different types ({}), one pool to this tool through the {one} {}; {them} pools of each type, 3.x needs {it} generic over the job type (`fn {}<J: Send + 'static>(..)`, with `Pool<J>`), written by hand; else make one enum of the job types, or keep this pool on v2", types.join(", "), named.join(", "), through[0])
            }
            CompilerFoundUnnameable { found } => write!(f, "the compiler found that this pool's job type is {found}, which cannot be written in `Pool<T>` (give the jobs a named type, such as a struct or a `Box<dyn FnOnce() + Send>`, or migrate this pool by hand)"),
            CompilerFoundNothing { detail, meets_v2: false } => write!(f, "the compiler, asked with a placeholder job type, did not say what this pool carries ({detail}); write the job type on a worker closure's parameter, or migrate this pool by hand"),
            CompilerFoundNothing { detail, meets_v2: true } => write!(f, "the compiler, asked with a placeholder job type, found this pool's code meeting code that stays on workerpool::v2 ({detail}): a worker or function it shares with a pool left on v2; that pool's reason says what keeps it there: fix that, and run migrate again"),
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
    /// The result of `delegate`, used in a way the tool does not follow, keeps 2.x's type through
    /// `.map_err(workerpool::Error::from)`.
    MappedResult,
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
            Warning::MappedResult => "delegate-result-mapped",
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
            Warning::MappedResult => f.write_str("the result of this delegate is used in a way this tool does not follow, so it keeps 2.x's type, Result<(), workerpool::Error>, through `.map_err(workerpool::Error::from)` (the compiler checked the rest): its error comes for another cause, in 2.x when the pool had no workers (NoWorkers), in 3.x when the pool is stopped (a pool without workers queues the job), and it no longer holds the job (write `.map_err(..)` away to get the job back through DelegateError::into_job())"),
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
    /// A `pub use` of a 2.x item through which the crate's migrated pools go: it changes with them, and with it the
    /// crate's public API.
    ReexportChanged {
        /// The leaf as written (`Pool`, `Pool as P`, `*`).
        leaf: String,
        /// Whether the re-export goes (3.x has no `Worker`).
        gone: bool,
    },
    /// An `if let Err(..) = pool.add_worker(&w) { .. }` or `.is_err()` check was dropped with its branch.
    DeadCheckDropped,
    /// A doc test names workerpool's 2.x API: its paths are moved to `workerpool::v2`.
    DocTestOnV2,
}

impl Note {
    /// The id of [`Note::Reexport`].
    pub const REEXPORT: &'static str = "reexport";

    /// A stable, kebab-case id for machine-readable reports.
    pub fn id(&self) -> &'static str {
        match self {
            Note::Reexport { .. } => Self::REEXPORT,
            Note::ReexportChanged { .. } => "reexport-changed",
            Note::DeadCheckDropped => "dead-check-dropped",
            Note::DocTestOnV2 => "doc-test-on-v2",
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
            Note::ReexportChanged { leaf, gone: false } => write!(
                f,
                "re-exports workerpool's `{leaf}`, which the crate's pools behind it now take from 3.x: the crate's public API changes with it (its users upgrade as for any semver-major release)"
            ),
            Note::ReexportChanged { leaf, gone: true } => write!(
                f,
                "the re-export of workerpool's 2.x `{leaf}` goes with the pools behind it (3.x has no such item): the crate's public API changes with it (its users upgrade as for any semver-major release)"
            ),
            Note::DeadCheckDropped => f.write_str(
                "the error check of add_worker is dropped with its branch, which never ran: 2.x's add_worker always returned Ok(())",
            ),
            Note::DocTestOnV2 => f.write_str(
                "this doc test names workerpool's 2.x API: its `workerpool::` paths now name `workerpool::v2::`, so `cargo test` still runs it (migrate it by hand, with the pools it uses)",
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
            Note::ReexportChanged {
                leaf: "Pool".into(),
                gone: false,
            }
            .id(),
            Note::DeadCheckDropped.id(),
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
            Refusal::UNSETTLED,
            Refusal::UNFOLLOWED,
            Refusal::OnlyAnErrorType,
        ];
        let expected = expect_test::expect![[r#"
            needs-compiler: the code alone does not settle this pool's job type (it is not written where the pool is, or only where this site cannot name it, or there are several, or a type parameter), and the compiler was not asked (--no-verify was given, or the file is in no package with a Cargo.toml): run migrate in the crate's package without --no-verify, so that the compiler types this pool and checks the result
            needs-compiler: the code alone does not show where this pool goes (this use of it is not one this tool follows), and the compiler was not asked (--no-verify was given, or the file is in no package with a Cargo.toml): run migrate in the crate's package without --no-verify, so that the compiler types this pool and checks the result
            only-an-error-type: only an error type
        "#]];
        let got: String = some.iter().map(|r| format!("{}: {r}\n", r.id())).collect();
        expected.assert_eq(&got);
    }
}
