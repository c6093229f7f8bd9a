//! `--verify`: running `cargo check` on the migrated crate and, when it fails, finding by bisection the pools whose
//! rewrite breaks it, to put them back on `workerpool::v2`.

use std::collections::BTreeSet;
use std::path::Path;

use crate::cargo_check::Checked;
use crate::crate_migration::{Crate, Migration, Pool};
use crate::write::Written;

/// Writes the files of `migration` (and puts back those of `krate` it no longer changes).
pub fn apply(krate: &Crate, migration: &Migration, written: &mut Written) -> Result<(), String> {
    for (path, before) in krate.files() {
        let text = migration
            .changes
            .iter()
            .find(|c| c.path == path)
            .map_or(before, |c| c.new.as_str());
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
    /// The pools put back on v2 because their rewrite broke the build, in the order found, each with the
    /// compiler's first error on the smallest set of migrated pools that failed with it.
    pub put_back: Vec<(Pool, Option<String>)>,
    /// Every check run, in order.
    pub checks: Vec<Checked>,
}

/// Checks the written `migration` of `krate` with `check` (given the crate's root and what is checked, for progress;
/// returns what `cargo check` found). While it
/// fails, finds the pool whose rewrite breaks it by halving the set of migrated pools, keeps that pool on v2, and
/// checks again. Errs when `check` cannot run, or when the crate fails with every pool on v2.
pub fn verify(
    krate: &Crate,
    migration: Migration,
    written: &mut Written,
    check: &mut dyn FnMut(&Path, &str) -> Result<Checked, String>,
) -> Result<Verified, String> {
    let Some(root) = krate.root.as_deref() else {
        return Err("--verify needs a Cargo.toml beside or above the files".into());
    };
    let mut forced = BTreeSet::new();
    let mut current = migration;
    let mut put_back = Vec::new();
    let mut checks = Vec::new();
    let mut passes_now = |checks: &mut Vec<Checked>, what: &str| -> Result<bool, String> {
        let checked = check(root, what)?;
        let success = checked.success;
        checks.push(checked);
        Ok(success)
    };
    let last_error = |checks: &[Checked]| checks.last().and_then(Checked::first_error);
    while !passes_now(&mut checks, "the migrated crate")? {
        // The first error of the check that failed with the culprit the last pool migrated.
        let mut culprit_error = last_error(&checks);
        let migrated: Vec<&Pool> = current.pools.iter().filter(|p| p.migrates).collect();
        if migrated.is_empty() {
            return Err(format!(
                "cargo check fails on the crate with every pool on workerpool::v2 too (first error: {}): \
                     fix what breaks it, then run migrate again",
                culprit_error.unwrap_or_default()
            ));
        }
        // The smallest k for which migrating the first k pools (and keeping the rest on v2) fails: all n fail;
        // none migrated is taken to pass (the check after putting the k-th back tells if it does not).
        let (mut passes, mut fails) = (0, migrated.len());
        while fails - passes > 1 {
            let mid = (passes + fails) / 2;
            let mut trial = forced.clone();
            trial.extend(migrated[mid..].iter().map(|p| p.id));
            apply(krate, &krate.migrate(&trial), written)?;
            let what = format!(
                "the halving's trial with {mid} of {} pools migrated",
                migrated.len()
            );
            if passes_now(&mut checks, &what)? {
                passes = mid;
            } else {
                fails = mid;
                culprit_error = last_error(&checks);
            }
        }
        let culprit = migrated[fails - 1].clone();
        forced.insert(culprit.id);
        put_back.push((culprit, culprit_error));
        current = krate.migrate(&forced);
        apply(krate, &current, written)?;
    }
    Ok(Verified {
        migration: current,
        put_back,
        checks,
    })
}
