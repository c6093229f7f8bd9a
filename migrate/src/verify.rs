//! `--verify`: running `cargo check` on the migrated crate and, when it fails, finding by bisection the pools whose
//! rewrite breaks it, to put them back on `workerpool::v2`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::analysis::reasons::put_back_by_verify;
use crate::analysis::{always_nameable, type_key, unqualified};
use crate::cargo_check::Checked;
use crate::compiler::findings::{meets_v2, untyped_meeting};
use crate::compiler::{fixups, unused_imports};
use crate::crate_migration::{Change, Crate, Migration, Pool, PoolId};
use crate::edit;
use crate::report::{self, Kind, Line};
use crate::write::Written;

/// Writes the files of `migration` (and puts back those it no longer changes): the files of `krate`, and those a
/// fix from the compiler changed beyond them (a test the rewrite did not read).
pub fn apply(krate: &Crate, migration: &Migration, written: &mut Written) -> Result<(), String> {
    let mut files: BTreeMap<PathBuf, String> = written.originals().into_iter().collect();
    files.extend(
        migration
            .changes
            .iter()
            .map(|c| (c.path.clone(), c.old.clone())),
    );
    files.extend(krate.files().map(|(p, t)| (p.to_path_buf(), t.to_string())));
    for (path, before) in &files {
        let text = migration
            .changes
            .iter()
            .find(|c| c.path == *path)
            .map_or(before.as_str(), |c| c.new.as_str());
        written
            .put(path, before, text)
            .map_err(|e| format!("cannot write {} ({e})", path.display()))?;
    }
    Ok(())
}

/// What `--verify` found for one crate whose migration is written.
#[derive(Debug)]
pub struct Verified {
    /// The migration on disk now (`cargo check` passes on it).
    pub migration: Migration,
    /// The pools put back on v2 because their rewrite broke the build, in the order found, each with its reason (the
    /// compiler's first error on the smallest set of migrated pools that failed with it).
    pub put_back: Vec<(Pool, String)>,
    /// Every check run, in order.
    pub checks: Vec<Checked>,
    /// The first error of the first check that failed with every pool migrated (after the compiler's fixes), which
    /// set the halving off.
    pub first_failure: Option<String>,
}

/// Checks the written `migration` of `krate` with `check` (given the crate's root and what is checked, for progress;
/// returns what `cargo check` found). While it
/// fails, finds the pool whose rewrite breaks it by halving the set of migrated pools, keeps that pool on v2, and
/// checks again. Once it passes, removes the imports the migration left unused (those `before`, the check of the
/// crate before migration, did not warn about). Errs when `check` cannot run, or when the crate fails with every
/// pool on v2.
pub fn verify(
    krate: &Crate,
    migration: Migration,
    written: &mut Written,
    check: &mut dyn FnMut(&Path, &str) -> Result<Checked, String>,
    before: &Checked,
) -> Result<Verified, String> {
    let Some(root) = krate.root.as_deref() else {
        return Err("--verify needs a Cargo.toml beside or above the files".into());
    };
    let mut forced = BTreeSet::new();
    let mut current = migration;
    let mut put_back = Vec::new();
    let mut checks = Vec::new();
    let last_error = |checks: &[Checked]| checks.last().and_then(Checked::first_error);
    let mut checker = Checker {
        krate,
        root,
        written,
        check,
        checks: &mut checks,
        before,
    };
    // Pools rustc showed to be one (a 3.x pool met a 2.x one), each with rustc's words: halved and put back whole.
    let mut joined: Vec<(BTreeSet<PoolId>, String)> = Vec::new();
    let mut first_failure = None;
    while !checker.passes(&mut current, "the migrated crate")? {
        let last = checker.checks.last().expect("a check ran");
        if answer(krate, last, &current) {
            current = krate.migrate(&forced);
            apply(krate, &current, checker.written)?;
            continue;
        }
        // The first error of the check that failed with the culprit the last pool migrated.
        let failed = last_error(checker.checks);
        if first_failure.is_none() {
            first_failure = failed.clone();
        }
        let mut culprit_error = failed.clone();
        let migrated: Vec<Pool> = current
            .pools
            .iter()
            .filter(|p| p.migrates)
            .cloned()
            .collect();
        if migrated.is_empty() {
            return Err(format!(
                "cargo check fails on the crate with every pool on workerpool::v2 too (first error: {}): \
                     fix what breaks it, then run migrate again",
                culprit_error.unwrap_or_default()
            ));
        }
        let (sets, culprit) = 'halve: loop {
            culprit_error = failed.clone();
            let sets = one_pools(&migrated, &joined);
            if let Some(mixed) = sets.iter().position(|s| mixed(s).is_some()) {
                break (sets, mixed + 1);
            }
            // The smallest k for which migrating the first k sets (and keeping the rest on v2) fails: all n fail;
            // none migrated is taken to pass (the check after putting the k-th back tells if it does not).
            let (mut passes, mut fails) = (0, sets.len());
            while fails - passes > 1 {
                let mid = (passes + fails) / 2;
                let mut trial = forced.clone();
                trial.extend(sets[mid..].iter().flatten().map(|p| p.id));
                let mut trial = krate.migrate(&trial);
                apply(krate, &trial, checker.written)?;
                let what = format!(
                    "the halving's trial with {mid} of {} pools migrated",
                    sets.len()
                );
                if checker.passes(&mut trial, &what)? {
                    passes = mid;
                } else {
                    fails = mid;
                    culprit_error = last_error(checker.checks);
                    let last = checker.checks.last().expect("a check ran");
                    if join(last, &trial, &migrated, &mut joined) {
                        continue 'halve;
                    }
                }
            }
            break (sets, fails);
        };
        let culprit = &sets[culprit - 1];
        let said = joined.iter().find(|(s, _)| s.contains(&culprit[0].id));
        let message = match (mixed(culprit), said) {
            (Some((a, b)), Some((_, said))) => format!(
                "`{}` and `{}` are one pool (rustc E0308: {said}) but carry `{}` and `{}`; it stays on \
                 workerpool::v2: give its workers one job type, or migrate it by hand",
                a.place(),
                b.place(),
                a.job.as_deref().unwrap_or_default(),
                b.job.as_deref().unwrap_or_default(),
            ),
            _ => put_back_by_verify(cause(culprit_error, &first_failure).as_deref()),
        };
        for pool in culprit {
            forced.insert(pool.id);
            put_back.push((pool.clone(), message.clone()));
        }
        current = krate.migrate(&forced);
        apply(krate, &current, checker.written)?;
    }
    checker.tidy(&mut current)?;
    checker.drop_unused_v2(&mut current)?;
    forget_places_fixed(&mut current);
    Ok(Verified {
        migration: current,
        put_back,
        checks,
        first_failure,
    })
}

/// What to quote for pools the halving put back: the error of the smallest trial that failed, but where that trial
/// failed only where its migrated code meets code it left on v2 (``expected `&Pool`, found `&Pool<u8>` ``), a symptom of
/// splitting what moves together, the first error of the first check with every pool migrated, which says what to fix (a test of
/// 2.x's `NoWorkers`).
fn cause(trial: Option<String>, every_pool: &Option<String>) -> Option<String> {
    match (trial, every_pool) {
        (Some(trial), Some(every)) if meets_v2(&trial) && !meets_v2(every) => Some(every.clone()),
        (trial, _) => trial,
    }
}

/// The most rounds of fixes from the compiler's messages one check takes: each fix may uncover the next error (rustc
/// stops a crate at its unresolved imports before it checks types, and cargo the targets that use a library that
/// fails), so a library, a binary and a test can each take two.
pub(crate) const FIXUP_ROUNDS: usize = 6;

/// Runs the checks of one verification, taking in the fixes the compiler's messages call for.
struct Checker<'a, 'c> {
    krate: &'a Crate,
    root: &'a Path,
    written: &'a mut Written,
    check: &'c mut dyn FnMut(&Path, &str) -> Result<Checked, String>,
    checks: &'a mut Vec<Checked>,
    /// The check of the crate before migration (its warnings are the user's).
    before: &'a Checked,
}

impl Checker<'_, '_> {
    /// Checks the written `migration`; while it fails with errors whose fix is certain from the message alone (see
    /// [`fixups`]), writes those fixes into `migration`, with a report line each, and checks again.
    fn passes(&mut self, migration: &mut Migration, what: &str) -> Result<bool, String> {
        let mut what = what.to_string();
        let base = what.clone();
        for round in 0..=FIXUP_ROUNDS {
            let checked = (self.check)(self.root, &what)?;
            let success = checked.success;
            let found = if success || round == FIXUP_ROUNDS {
                Vec::new()
            } else {
                let text_of = |path: &Path| text_now(self.krate, migration, path);
                let mut found = fixups::fixups(&checked, &text_of);
                // Under `#![deny(unused_imports)]` an import the rewrite left unused fails the check.
                let original_of = |path: &Path| original(self.krate, self.written, path);
                found.extend(unused_imports::removals(
                    &checked,
                    self.before,
                    true,
                    &text_of,
                    &original_of,
                ));
                found
            };
            self.checks.push(checked);
            if success {
                return Ok(true);
            }
            if found.is_empty() || !take_fixups(self.krate, migration, found) {
                return Ok(false);
            }
            apply(self.krate, migration, self.written)?;
            what = match round {
                0 => format!("{base}, with the compiler's fixes"),
                n => format!("{base}, with the compiler's fixes (round {})", n + 1),
            };
        }
        Ok(false)
    }

    /// Removes from the passing `migration` the imports it left unused (see [`unused_imports`]), after the last
    /// check; keeps them when the check without them fails (an import used under a cfg the warning's build left out).
    fn tidy(&mut self, migration: &mut Migration) -> Result<(), String> {
        let Some(checked) = self.checks.last().filter(|c| c.success) else {
            return Ok(());
        };
        let text_of = |path: &Path| text_now(self.krate, migration, path);
        let original_of = |path: &Path| original(self.krate, self.written, path);
        let found = unused_imports::removals(checked, self.before, false, &text_of, &original_of);
        let mut tidied = migration.clone();
        if found.is_empty() || !take_fixups(self.krate, &mut tidied, found) {
            return Ok(());
        }
        let what = "the migrated crate without the imports it left unused";
        self.keep_if_it_passes(migration, tidied, what)
    }

    /// Drops the `v2` feature the manifest was given when no source of the package names a `v2` any more (the
    /// compiler's fixes took the last name away: a method path, an import left unused), if the check still passes
    /// without it.
    fn drop_unused_v2(&mut self, migration: &mut Migration) -> Result<(), String> {
        let Some(without) = self.krate.manifest_without_v2() else {
            return Ok(());
        };
        let Some(at) = migration
            .changes
            .iter()
            .position(|c| c.path == without.path)
        else {
            return Ok(());
        };
        let rust = |p: &Path| p.extension().is_some_and(|e| e == "rs");
        let mut sources = self
            .krate
            .files()
            .map(|(p, _)| p.to_path_buf())
            .chain(migration.changes.iter().map(|c| c.path.clone()));
        if migration.changes[at].new == without.new
            || sources.any(|p| {
                rust(&p) && text_now(self.krate, migration, &p).is_none_or(|t| names_v2(&t))
            })
        {
            return Ok(());
        }
        let mut trial = migration.clone();
        let manifest = without.path.clone();
        trial.changes[at] = without;
        trial.lines.push(Line::file(
            &manifest,
            Kind::Note,
            "compiler-fixed",
            "no source names workerpool::v2 after the compiler's fixes, and cargo check passes without the `v2` \
             feature: it is not added",
        ));
        self.keep_if_it_passes(
            migration,
            trial,
            "the migrated crate without the v2 feature",
        )
    }

    /// Writes and checks `trial`, a change to the passing `migration`: it becomes the migration if the check passes,
    /// else `migration` is written back.
    fn keep_if_it_passes(
        &mut self,
        migration: &mut Migration,
        trial: Migration,
        what: &str,
    ) -> Result<(), String> {
        apply(self.krate, &trial, self.written)?;
        let checked = (self.check)(self.root, what)?;
        let passes = checked.success;
        self.checks.push(checked);
        if passes {
            *migration = trial;
            Ok(())
        } else {
            apply(self.krate, migration, self.written)
        }
    }
}

/// Whether a source names a `v2` (a path through `workerpool::v2`, a glob of it).
fn names_v2(text: &str) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|word| word == "v2")
}

/// Drops the lines about places kept on `workerpool::v2` in files whose written text names no `v2` any more: the
/// compiler's fixes took those places away (an import the rewrite left unused), after the lines were written.
fn forget_places_fixed(migration: &mut Migration) {
    let fixed: Vec<PathBuf> = migration
        .changes
        .iter()
        .filter(|c| !names_v2(&c.new))
        .map(|c| c.path.clone())
        .collect();
    migration
        .lines
        .retain(|l| !(report::ON_V2_IDS.contains(&l.id) && fixed.contains(&l.path)));
}

/// The text of `path` before the run: as `krate` loaded it, else as it was before a fix wrote it, else on disk.
fn original(krate: &Crate, written: &Written, path: &Path) -> Option<String> {
    loaded(krate, path)
        .or_else(|| {
            written
                .originals()
                .into_iter()
                .find_map(|(p, text)| same_file(&p, path).then_some(text))
        })
        .or_else(|| on_disk(krate, path))
}

/// The text `migration` writes to `path` (the file as it is when the migration leaves it alone; a file of the
/// package the migration does not read, as it is on disk, which only a fix changes).
pub(crate) fn text_now(krate: &Crate, migration: &Migration, path: &Path) -> Option<String> {
    migration
        .changes
        .iter()
        .find(|c| same_file(&c.path, path))
        .map(|c| c.new.clone())
        .or_else(|| loaded(krate, path))
        .or_else(|| on_disk(krate, path))
}

/// The text of `path` as `krate` loaded it, when it is one of its files.
fn loaded(krate: &Crate, path: &Path) -> Option<String> {
    krate
        .files()
        .find(|(p, _)| same_file(p, path))
        .map(|(_, text)| text.to_string())
}

/// The text of `path` on disk, when it is a file under the package's root (the compiler's messages name the
/// dependencies' files too).
fn on_disk(krate: &Crate, path: &Path) -> Option<String> {
    let canonical = |p: &Path| std::fs::canonicalize(p).ok();
    let root = krate.root.as_deref().and_then(canonical)?;
    canonical(path)?
        .starts_with(root)
        .then(|| std::fs::read_to_string(path).ok())?
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
}

/// Writes `found` into `migration`'s texts, one report line per fix. False when they clash with each other.
pub(crate) fn take_fixups(
    krate: &Crate,
    migration: &mut Migration,
    found: Vec<fixups::Fixup>,
) -> bool {
    let mut by_file: Vec<(PathBuf, Vec<fixups::Fixup>)> = Vec::new();
    for fix in found {
        let path = krate
            .files()
            .map(|(p, _)| p.to_path_buf())
            .find(|p| same_file(p, &fix.path))
            .unwrap_or_else(|| fix.path.clone());
        match by_file.iter_mut().find(|(p, _)| *p == path) {
            Some((_, fixes)) => fixes.push(fix),
            None => by_file.push((path, vec![fix])),
        }
    }
    for (path, fixes) in by_file {
        let Some(text) = text_now(krate, migration, &path) else {
            return false;
        };
        let Ok(new) = edit::apply(&text, fixes.iter().map(|f| f.edit.clone()).collect()) else {
            return false;
        };
        match migration.changes.iter_mut().find(|c| c.path == path) {
            Some(change) => change.new = new,
            None => migration.changes.push(Change {
                path: path.clone(),
                old: text,
                new,
            }),
        }
        for fix in fixes {
            migration.lines.push(Line {
                path: path.clone(),
                at: Some(fix.at),
                kind: Kind::Note,
                id: "compiler-fixed",
                message: format!(
                    "cargo check found what the rewrite missed here: {}",
                    fix.what
                ),
            });
        }
    }
    true
}

/// The `migrated` pools in sets of those `joined` shows to be one, in the order of each set's first pool.
fn one_pools(migrated: &[Pool], joined: &[(BTreeSet<PoolId>, String)]) -> Vec<Vec<Pool>> {
    let set = |p: &Pool| joined.iter().position(|(s, _)| s.contains(&p.id));
    let mut sets: Vec<Vec<Pool>> = Vec::new();
    for pool in migrated {
        match sets
            .iter_mut()
            .find(|s| set(pool).is_some() && set(&s[0]) == set(pool))
        {
            Some(s) => s.push(pool.clone()),
            None => sets.push(vec![pool.clone()]),
        }
    }
    sets
}

/// Two pools of `set` that carry different job types, if any.
fn mixed(set: &[Pool]) -> Option<(&Pool, &Pool)> {
    let job = |p: &Pool| p.job.clone().unwrap_or_default();
    let other = set.iter().find(|p| differ(&job(p), &job(&set[0])))?;
    Some((&set[0], other))
}

/// Whether two job types as written are certainly two types: not one printed two ways, nor a name of the crate's
/// own that may be an alias of the other (`Task` for `Box<dyn FnOnce() + Send>`), which the check's error tells.
fn differ(a: &str, b: &str) -> bool {
    let own = |k: &str| k.chars().all(|c| c.is_alphanumeric() || c == '_') && !always_nameable(k);
    let (a, b) = (type_key(a), type_key(b));
    a != b && !own(&a) && !own(&b)
}

/// Types the pools on v2 in `migration` that the probes found nothing about with the job type its failed `checked`
/// shows them to meet (E0308 at one of their lines). Returns whether it typed any.
fn answer(krate: &Crate, checked: &Checked, migration: &Migration) -> bool {
    let mut typed = false;
    for d in checked.errors() {
        if let Some((job, _)) = untyped_meeting(d) {
            let on_v2 = migration.pools.iter().filter(|p| !p.migrates);
            for pool in on_v2.filter(|p| at_lines(p, checked, d)) {
                typed |= krate.answer(pool.id, &job);
            }
        }
    }
    typed
}

/// Whether `pool` has a place at a line of `d`, a message of `checked`.
fn at_lines(pool: &Pool, checked: &Checked, d: &crate::cargo_check::Diagnostic) -> bool {
    d.spans.iter().any(|s| {
        pool.sites.iter().any(|(f, l)| {
            (s.line_start..=s.line_end).contains(l) && same_file(f, &checked.path_of(s))
        })
    })
}

/// Joins the pools of `migrated` that the failed `checked` of `trial` shows to be one: an E0308 between a 3.x pool
/// and a 2.x one, at lines of one pool of each side (or at one pool's lines, with one pool of the other side that
/// carries the job type). Returns whether it joined any.
fn join(
    checked: &Checked,
    trial: &Migration,
    migrated: &[Pool],
    joined: &mut Vec<(BTreeSet<PoolId>, String)>,
) -> bool {
    let on = |p: &Pool| trial.pools.iter().any(|q| q.id == p.id && q.migrates);
    let mut new = false;
    for d in checked.errors() {
        let Some((job, said)) = untyped_meeting(d) else {
            continue;
        };
        let mut hit: Vec<&Pool> = migrated
            .iter()
            .filter(|p| at_lines(p, checked, d))
            .collect();
        let sides = |hit: &[&Pool]| (hit.iter().any(|p| on(p)), hit.iter().any(|p| !on(p)));
        if let (typed, v2) = sides(&hit)
            && typed != v2
        {
            let carries = |p: &&Pool| p.job.as_deref().map(unqualified) == Some(unqualified(&job));
            let other: Vec<&Pool> = migrated
                .iter()
                .filter(|p| on(p) == v2)
                .filter(carries)
                .collect();
            if let [one] = other.as_slice() {
                hit.push(one);
            }
        }
        if sides(&hit) != (true, true) {
            continue;
        }
        // Sets that share a pool with these become one.
        let mut set: BTreeSet<PoolId> = hit.iter().map(|p| p.id).collect();
        let (meet, rest) = joined.drain(..).partition(|(s, _)| !s.is_disjoint(&set));
        *joined = rest;
        let meet: Vec<(BTreeSet<PoolId>, String)> = meet;
        new |= meet.len() != 1 || !set.is_subset(&meet[0].0);
        set.extend(meet.iter().flat_map(|(s, _)| s.iter().copied()));
        joined.push((set, meet.into_iter().next().map_or(said, |(_, w)| w)));
    }
    new
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(path: &str, id: &'static str) -> Line {
        Line {
            path: path.into(),
            at: Some((5, 1)),
            kind: Kind::Note,
            id,
            message: "the import of `Pool` stays on workerpool::v2".into(),
        }
    }

    #[test]
    fn job_types_printed_two_ways_or_named_by_an_alias_are_not_told_apart() {
        assert!(differ("u8", "String"));
        assert!(differ("(u8, String)", "Vec<u8>"));
        assert!(!differ("jobs::Order", "Order"));
        assert!(!differ(
            "Box<(dyn FnOnce() + Send + 'static)>",
            "Box<dyn FnOnce() + Send>"
        ));
        assert!(!differ("Task", "Box<dyn FnOnce() + Send>"));
    }

    #[test]
    fn a_place_on_v2_goes_from_the_report_when_its_file_names_v2_no_more() {
        let mut migration = Migration {
            changes: vec![
                Change {
                    path: "a.rs".into(),
                    old: "use workerpool::{Pool, Worker};\n".into(),
                    new: "\n".into(),
                },
                Change {
                    path: "b.rs".into(),
                    old: "use workerpool::Pool;\n".into(),
                    new: "use workerpool::v2::Pool;\n".into(),
                },
            ],
            lines: vec![
                line("a.rs", report::IMPORT_ON_V2),
                line("a.rs", report::PATH_ON_V2),
                line("a.rs", "compiler-fixed"),
                line("b.rs", report::IMPORT_ON_V2),
            ],
            pools: Vec::new(),
        };
        forget_places_fixed(&mut migration);
        let left: Vec<_> = migration
            .lines
            .iter()
            .map(|l| (l.path.to_str().unwrap(), l.id))
            .collect();
        assert_eq!(
            left,
            [("a.rs", "compiler-fixed"), ("b.rs", report::IMPORT_ON_V2)]
        );
    }
}
