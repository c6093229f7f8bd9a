//! The corpus: 2.x crates written by people who never read migrate, each migrated as a user would (`migrate
//! src/` in the crate), compared byte for byte with its `after/` (the files migrate changes; every other file
//! must come out as in `before/`), run again (nothing changes), and tested: the migrated crate's own tests must
//! pass, but for those its `2x-only-tests.txt` names (they assert 2.x behaviour that 3.x changes). `UPDATE_EXPECT=1` writes `after/` from what migrate does now.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{files, text, workspace};

/// `corpus/SET/CRATE/{before,after}/` with an EXPECT.md: what the crate's author says a person could type.
fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

/// Every crate of the corpus, as `SET/CRATE`, sorted.
fn crates() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for set in sorted_dirs(&corpus()) {
        out.extend(sorted_dirs(&set));
    }
    out
}

fn sorted_dirs(dir: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .collect();
    dirs.sort();
    dirs
}

fn copy_tree(from: &Path, to: &Path) {
    for file in files(from) {
        fs::create_dir_all(to.join(&file).parent().unwrap()).unwrap();
        fs::copy(from.join(&file), to.join(&file)).unwrap();
    }
}

/// One target directory for the whole corpus: its crates' names are distinct, so cargo keeps them apart, and the
/// library and the 2.x stand-in compile once.
fn target_dir() -> PathBuf {
    workspace().join("target/migrate-fixture-crate/corpus")
}

fn cargo(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO"))
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target_dir())
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap()
}

/// A case's tests that assert what 2.x does and 3.x does not (a delegate failing with `NoWorkers`), one per line:
/// `name: why`. They run before migration only: migrate reports the change, and the test's author would rewrite it.
const ONLY_2X: &str = "2x-only-tests.txt";

/// Migrates a copy of `case/before` and checks it; returns what went wrong, if anything.
fn migrate_case(case: &Path, update: bool) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&case.join("before"), dir.path());
    common::patch_workerpool(dir.path());
    let migrate = |args: &[&str]| common::migrate_in(dir.path(), args, &target_dir());
    let out = migrate(&["--allow-dirty", "src/"]);
    let report = text(&out.stderr);
    if !out.status.success() {
        return Err(format!("migrate failed:\n{report}"));
    }
    let (before, after) = (case.join("before"), case.join("after"));
    if files(dir.path()) != files(&before) {
        return Err(format!(
            "migrate added or removed files: {:?} against {:?}",
            files(dir.path()),
            files(&before)
        ));
    }
    let changed: Vec<PathBuf> = files(&before)
        .into_iter()
        .filter(|file| {
            fs::read(dir.path().join(file)).unwrap() != fs::read(before.join(file)).unwrap()
        })
        .collect();
    if update {
        let _ = fs::remove_dir_all(&after);
        for file in &changed {
            fs::create_dir_all(after.join(file).parent().unwrap()).unwrap();
            fs::copy(dir.path().join(file), after.join(file)).unwrap();
        }
    } else {
        let expected = if after.is_dir() {
            files(&after)
        } else {
            Vec::new()
        };
        if changed != expected {
            return Err(format!(
                "migrate changed {changed:?}, after/ has {expected:?}; the report:\n{report}"
            ));
        }
        for file in &changed {
            if fs::read(dir.path().join(file)).unwrap() != fs::read(after.join(file)).unwrap() {
                return Err(format!(
                    "{} differs from after/; the report:\n{report}",
                    file.display()
                ));
            }
        }
    }
    let again = migrate(&["--check", "--allow-dirty", "src/"]);
    if !again.status.success() {
        return Err(format!(
            "a second run would change files:\n{}",
            text(&again.stderr)
        ));
    }
    let mut args = vec!["test", "--offline", "--quiet", "--"];
    let only_2x = fs::read_to_string(case.join(ONLY_2X)).unwrap_or_default();
    for name in only_2x.lines().filter_map(|l| l.split(':').next()) {
        args.extend(["--skip", name.trim()]);
    }
    let tests = cargo(dir.path(), &args);
    if !tests.status.success() {
        return Err(format!(
            "the migrated crate's tests fail:\n{}{}",
            text(&tests.stdout),
            text(&tests.stderr)
        ));
    }
    Ok(())
}

#[test]
fn every_corpus_crate_migrates_to_its_after_builds_and_passes_its_tests() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    // `CORPUS=word` runs only the crates whose `SET/CRATE` contains it, while working on them.
    let only = std::env::var("CORPUS").ok();
    let mut cases = crates();
    assert!(cases.len() >= 20, "the corpus has {} crates", cases.len());
    cases.retain(|c| {
        only.as_ref()
            .is_none_or(|w| c.to_string_lossy().contains(w.as_str()))
    });
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let name = case.strip_prefix(corpus()).unwrap().display().to_string();
            migrate_case(case, update)
                .err()
                .map(|why| format!("{name}: {why}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
