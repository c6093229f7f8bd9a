//! Fixture pairs: each `tests/fixtures/NAME/before.rs` is migrated and compared byte for byte with `after.rs`, its
//! report with `report.txt`; a second run must change nothing. `UPDATE_FIXTURES=1` rewrites the expected files
//! (review the diff before committing them).
//!
//! A fixture runs as a user's package would: `before.rs` is the one file of a package asking for workerpool 2
//! (`common::file_package`), migrate runs in it (asking the compiler and checking its output), and the result must
//! pass `cargo check --all-targets`. The few fixtures with a `loose.txt` (which says why) are loose files with no
//! Cargo.toml, migrated without the compiler, as a file outside any package is.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Parser;
use common::text;
use migrate::cli::Args;
use migrate::run::{Status, run};

/// Fixtures migrated at once: each waits mostly on `cargo check`, which the machine's two cores can run side by side.
const THREADS: usize = 2;

/// Migrates the loose file `file` in `dir` in this process; returns whether it succeeded and the report.
fn migrate_loose(dir: &Path, file: &Path, extra: &[&str]) -> (bool, String) {
    let mut words = vec!["migrate", "--allow-dirty"];
    words.extend(extra);
    words.push(file.to_str().unwrap());
    let args = Args::try_parse_from(words).unwrap().options();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run(&args, &mut out, &mut err);
    let prefix = format!("{}/", dir.display());
    (status == Status::Done, text(&err).replace(&prefix, ""))
}

/// The report with the durations left out (`0.4 s` becomes `_ s`): the rest of it does not depend on the machine.
fn without_durations(report: &str) -> String {
    let mut out = String::with_capacity(report.len());
    let mut rest = report;
    while let Some(at) = rest.find(" s") {
        let head = &rest[..at];
        let number = head.len()
            - head
                .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
                .len();
        let (before, figure) = head.split_at(head.len() - number);
        if figure.contains('.')
            && figure.starts_with(|c: char| c.is_ascii_digit())
            && !before.ends_with(|c: char| c.is_alphanumeric())
        {
            out.push_str(before);
            out.push('_');
        } else {
            out.push_str(head);
        }
        out.push_str(" s");
        rest = &rest[at + 2..];
    }
    out.push_str(rest);
    out
}

/// The fixtures, or with `FIXTURE=word` only those whose name contains it (to run a few while working on them).
fn fixture_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let only = std::env::var("FIXTURE").ok();
    let mut dirs: Vec<PathBuf> = fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("before.rs").is_file())
        .filter(|p| {
            only.as_ref()
                .is_none_or(|w| p.to_string_lossy().contains(w.as_str()))
        })
        .collect();
    dirs.sort();
    dirs
}

/// The target directory of the fixtures' checks run by thread `thread`: shared by the fixtures it runs, so that the
/// dependencies build once (one per thread: a cargo build locks its target directory for its whole run).
fn target_dir(thread: usize) -> PathBuf {
    common::workspace().join(format!("target/migrate-fixture-crate/fixtures-{thread}"))
}

/// Migrates the fixture in `dir` (as a package, or as a loose file if it has a `loose.txt`) and returns what is
/// wrong with the result; with `update`, writes the result as the expected files instead.
fn run_fixture(dir: &Path, update: bool, thread: usize) -> Vec<String> {
    let name = dir.file_name().unwrap().to_string_lossy().to_string();
    let before = fs::read(dir.join("before.rs")).unwrap();
    let loose = dir.join("loose.txt").is_file();
    let (temp, ok, report) = if loose {
        let temp = tempfile::tempdir().unwrap();
        let file = temp.path().join("before.rs");
        fs::write(&file, &before).unwrap();
        let (ok, report) = migrate_loose(temp.path(), &file, &[]);
        (temp, ok, report)
    } else {
        let temp = common::file_package(&format!("fixture_{name}"), "before.rs", &before);
        let out = common::migrate_in(
            temp.path(),
            &["--allow-dirty", "before.rs"],
            &target_dir(thread),
        );
        let prefix = format!("{}/", temp.path().display());
        let report = without_durations(&text(&out.stderr)).replace(&prefix, "");
        (temp, out.status.success(), report)
    };
    let file = temp.path().join("before.rs");
    let got = fs::read(&file).unwrap();
    if update {
        fs::write(dir.join("after.rs"), &got).unwrap();
        fs::write(dir.join("report.txt"), &report).unwrap();
        return Vec::new();
    }
    let mut failures = Vec::new();
    if !ok {
        failures.push(format!("{name}: migrate failed:\n{report}"));
    }
    if got != fs::read(dir.join("after.rs")).unwrap() {
        failures.push(format!("{name}: after.rs differs:\n{}", text(&got)));
    }
    if report != fs::read_to_string(dir.join("report.txt")).unwrap() {
        failures.push(format!("{name}: report differs:\n{report}"));
    }
    // Every report line once: a place and its reason are said one time (progress lines name the checks run).
    let mut lines: Vec<&str> = report
        .lines()
        .filter(|l| !l.starts_with("checking "))
        .collect();
    lines.sort();
    if let Some(twice) = lines.windows(2).find(|w| w[0] == w[1]) {
        failures.push(format!("{name}: the report says this twice: {}", twice[0]));
    }
    if syn::parse_file(text(&got).trim_start_matches('\u{feff}')).is_err()
        && !text(&got).contains("#!")
    {
        failures.push(format!("{name}: the migrated file does not parse"));
    }
    // Idempotence: a second run changes nothing.
    if loose {
        let (ok, again) = migrate_loose(temp.path(), &file, &[]);
        if fs::read(&file).unwrap() != got || !ok || !again.contains("0 files changed") {
            failures.push(format!("{name}: a second run changed something:\n{again}"));
        }
    } else {
        let again = common::migrate_in(
            temp.path(),
            &["--check", "--allow-dirty", "before.rs"],
            &target_dir(thread),
        );
        if again.status.code() != Some(0) {
            let again = text(&again.stderr);
            failures.push(format!(
                "{name}: a second run would change something:\n{again}"
            ));
        }
        if let Err(errors) = common::cargo_check(temp.path(), &target_dir(thread)) {
            failures.push(format!(
                "{name}: the migrated package does not check:\n{errors}"
            ));
        }
    }
    failures
}

#[test]
fn every_fixture_migrates_to_its_after_file_and_report() {
    let update = std::env::var_os("UPDATE_FIXTURES").is_some();
    let dirs = fixture_dirs();
    let whole = std::env::var_os("FIXTURE").is_none();
    assert!(!whole || dirs.len() >= 20, "fixtures missing: {dirs:?}");
    let loose = dirs
        .iter()
        .filter(|d| d.join("loose.txt").is_file())
        .count();
    assert!(
        !whole || loose * 10 < dirs.len(),
        "{loose} of {} fixtures are loose files: most must run as packages",
        dirs.len()
    );
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for thread in 0..THREADS {
            let (dirs, next, failures) = (&dirs, &next, &failures);
            s.spawn(move || {
                while let Some(dir) = dirs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let found = run_fixture(dir, update, thread);
                    failures.lock().unwrap().extend(found);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn durations_are_left_out_of_a_report_and_nothing_else() {
    let report = "checking the crate (cargo check)... 12.3 s (passed)\nasked: 2 probes (0.4 s, 1.0 s), 3 s left, v2.1 s\n";
    assert_eq!(
        without_durations(report),
        "checking the crate (cargo check)... _ s (passed)\nasked: 2 probes (_ s, _ s), 3 s left, v2.1 s\n"
    );
}
