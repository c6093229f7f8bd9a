//! What the analysis is told from outside the syntax: pools to keep on v2, and the compiler's answers about job
//! types (or that it is to write placeholders the compiler will be asked about).

use std::collections::{BTreeMap, BTreeSet};

use super::GroupId;
use super::reasons::Refusal;

/// The first placeholder job type's number: a pool the syntax does not settle is written `Pool<[(); N]>` in a probe,
/// an array type no real code carries, which needs no declaration and names the same type in every module and crate.
pub const PLACEHOLDER_BASE: usize = 7_770_000;

/// How many placeholder numbers each unit of a package has: a package's targets are checked together.
pub const UNIT_NUMBERS: usize = 100_000;

/// Where the numbers of a unit's alias uses start, after its base (see `alias_uses`): far past its pools' and
/// kept `Worker` sites' numbers, and before the next unit's base.
pub const ALIAS_USES_FROM: usize = 50_000;

/// Whether the placeholder `number` is one of an alias use's (else a pool's or a kept `Worker` site's).
pub fn is_alias_use(number: usize) -> bool {
    number.saturating_sub(PLACEHOLDER_BASE) % UNIT_NUMBERS >= ALIAS_USES_FROM
}

/// What the compiler said about one pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Its job type, as a path that resolves at every site of the crate (`crate::jobs::Order`).
    Job(String),
    /// Why it stays on v2 (what the compiler found, and what to do).
    Refused(Refusal),
    /// It is a type alias whose uses carry different job types: each use is typed on its own (its answer is among
    /// the site answers, `Asked::site_answers`), the alias given a type parameter.
    PerUse,
    /// It is made and used in one free function whose callers give it different job types: the function gets a type
    /// parameter for it (see `analysis::new_parameter`).
    Generic,
}

/// Everything the analysis of one crate is told besides its sources.
#[derive(Debug, Clone, Default)]
pub struct Asked {
    /// Pools to keep on v2 whatever the code shows (ids from an earlier run on the same files).
    pub forced_v2: BTreeSet<GroupId>,
    /// When set, a pool whose job type the syntax does not settle is written with the placeholder job type
    /// `[(); base + its group's index]` (a probe, to be compiled), instead of staying on v2.
    pub placeholder_base: Option<usize>,
    /// The compiler's answers, by pool.
    pub answers: BTreeMap<GroupId, Answer>,
    /// The compiler's answers for the sites typed one by one (by where the name starts): the `Worker` type sites of
    /// kept workers, where the pools they serve carry several job types (see `analysis::keep_workers`), and the uses
    /// of a pool alias answered [`Answer::PerUse`] (see `analysis::alias_uses`).
    pub site_answers: BTreeMap<super::Loc, String>,
    /// The `Worker` type sites the compiler found to be one with a pool that stays on v2: they stay 2.x's `Worker`.
    pub sites_left: BTreeSet<super::Loc>,
    /// Whether the output will be checked by the compiler (and a pool whose rewrite breaks the build put back on
    /// v2): then a pool held back only by a use the syntax does not follow (`Refusal::UNFOLLOWED`) is migrated.
    pub checked: bool,
}

impl Asked {
    /// Nothing from the compiler yet, and the output checked by it.
    pub fn checked() -> Asked {
        Asked {
            checked: true,
            ..Asked::default()
        }
    }
}

/// The placeholder job type of the pool numbered `number` in a probe.
pub fn placeholder(number: usize) -> String {
    format!("[(); {number}]")
}

/// Whether `job` is a probe's placeholder job type (see [`placeholder`]).
pub fn is_placeholder(job: &str) -> bool {
    job.strip_prefix("[(); ")
        .and_then(|rest| rest.strip_suffix(']'))
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}
