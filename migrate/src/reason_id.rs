//! Stable ids for the reasons and warnings the analysis gives, as the JSON report names them.
//!
//! The analysis words its reasons as text today; this table is the one place that maps each wording to an id.
//! When the analysis gives reasons as enums with `fn id(&self)`, [`of`] goes and its callers take the enum's id.

use crate::report::Kind;

/// (text the message starts with, id). Longer, more specific starts come before shorter ones they share a start
/// with.
const STARTS: &[(&str, &str)] = &[
    ("its workers take different job types", "mixed-job-types"),
    ("no worker is added to this pool", "no-worker-seen"),
    ("the job type `", "job-type-not-nameable"),
    (
        "the job type is given by turbofish",
        "turbofish-untyped-worker",
    ),
    ("workerpool::Error is used here", "error-not-tied-to-a-pool"),
    ("add_worker after stop()", "add-worker-after-stop"),
    ("delegate after stop()", "delegate-after-stop"),
    (
        "the worker is removed but never added",
        "removed-never-added",
    ),
    (
        "the worker is added or removed inside a closure",
        "worker-moved-into-closure",
    ),
    ("the worker's job type is not written", "untyped-worker"),
    (
        "the Worker binding has a type annotation",
        "worker-annotated",
    ),
    ("the Worker is used inside a macro", "worker-in-macro"),
    ("the Worker is used other than", "worker-escapes"),
    (
        "Worker::new is not given exactly one function",
        "worker-new-arguments",
    ),
    (
        "`?` converts the delegate error into",
        "delegate-error-conversion",
    ),
    (
        "`?` on delegate inside a closure",
        "delegate-in-untyped-closure",
    ),
    ("calls `", "unknown-method"),
    ("the field name `", "ambiguous-field"),
    ("the pool is assigned to a place", "unknown-assignment"),
    ("the pool is passed to `", "unknown-callee"),
    ("the pool is returned, but", "unknown-return-type"),
    (
        "the pool is stored in a field whose type",
        "unknown-field-type",
    ),
    ("the pool is used inside the macro", "pool-in-macro"),
    (
        "the pool parameter is destructured",
        "destructured-parameter",
    ),
    ("the pool's binding has a type annotation", "pool-annotated"),
    (
        "the result of delegate is matched against",
        "matches-no-workers",
    ),
    ("the result of delegate is used", "delegate-result-used"),
    ("the result of ", "worker-call-result-used"),
    ("the value of stop() is used", "stop-value-used"),
    ("re-exports workerpool's 2.x", "reexport"),
    ("the worker a helper function made", "helper-worker-reused"),
    (crate::analysis::FORCED_V2, "put-back-by-verify"),
    // Migrated sites: the rule that rewrote them.
    (
        "the constructor gets the job type",
        "job-type-at-constructor",
    ),
    ("the pool's type gets the job type", "job-type-in-type"),
    ("delegate, unchanged", "delegate"),
    ("add_worker(&w) becomes add_worker(f)", "add-worker"),
    ("stop(), unchanged", "stop"),
    ("workers_num() becomes", "workers-num-or-remove-worker"),
];

/// (text the message contains anywhere, id), for messages that start with a name.
const CONTAINS: &[(&str, &str)] = &[
    ("is used in a way this tool cannot follow", "unknown-flow"),
    (
        "is given a worker this tool cannot follow",
        "unknown-worker-argument",
    ),
];

/// The id of an analysis message of `kind`; a message this table does not know gets the kind's generic id.
pub fn of(kind: Kind, message: &str) -> &'static str {
    if let Some((_, id)) = CONTAINS.iter().find(|(part, _)| message.contains(part)) {
        return id;
    }
    if let Some((_, id)) = STARTS.iter().find(|(start, _)| message.starts_with(start)) {
        return id;
    }
    match kind {
        Kind::Error => "error",
        Kind::LeftOnV2 => "left-on-v2",
        Kind::BehaviourChange => "behaviour-change",
        Kind::Note => "note",
        Kind::Migrated => "migrated",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_name_the_reason() {
        let mut ids: Vec<&str> = STARTS.iter().chain(CONTAINS).map(|e| e.1).collect();
        ids.sort();
        let before = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), before, "two reasons share an id");
        assert_eq!(
            of(
                Kind::LeftOnV2,
                "the worker's job type is not written in the code"
            ),
            "untyped-worker"
        );
        assert_eq!(
            of(
                Kind::LeftOnV2,
                "`pool` is used in a way this tool cannot follow (only calls)"
            ),
            "unknown-flow"
        );
        assert_eq!(
            of(Kind::LeftOnV2, "the result of add_worker is used; in 3.x"),
            "worker-call-result-used"
        );
        assert_eq!(
            of(
                Kind::LeftOnV2,
                "the result of delegate is used as a 2.x Result"
            ),
            "delegate-result-used"
        );
        assert_eq!(of(Kind::Note, "something new"), "note");
    }
}
