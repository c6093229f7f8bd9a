//! `--verify`: a migration that builds is kept; one that breaks `cargo check` gets the pool whose rewrite breaks it
//! (found by halving the set of pools) put back on `workerpool::v2`, the others stay migrated.

mod common;

use std::cell::Cell;
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use common::{V2_SOURCE, V3_SOURCE, local_crate, migrate, text};
use migrate::cargo_check::Checked;
use migrate::crate_migration::Crate;
use migrate::verify::verify;
use migrate::write::Written;

#[test]
fn verify_keeps_a_migration_that_builds() {
    let dir = local_crate("verify_keeps", V2_SOURCE);
    let out = migrate(&["--verify", "--allow-dirty"], &[&dir.path().join("src")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        V3_SOURCE
    );
    assert!(
        fs::read_to_string(dir.path().join("Cargo.toml"))
            .unwrap()
            .contains(&format!("workerpool = {}\n", common::requirement_3(false)))
    );
}

/// Two pools; the second one's rewrite cannot compile: 2.x took a `u32` job for a `u64` worker (and failed when it
/// ran), 3.x rejects it at compile time. The analysis cannot see that `parse` returns `u32`. The book's upgrading
/// chapter shows this program's `--verify` run; one copy serves both.
const ONE_POOL_BREAKS: &str = include_str!("../../book/migrate-example/one_breaks.rs");

#[test]
fn verify_puts_back_on_v2_only_the_pool_whose_rewrite_breaks_the_build() {
    let dir = local_crate("verify_bisects", ONE_POOL_BREAKS);
    let out = migrate(&["--verify", "--allow-dirty"], &[&dir.path().join("src")]);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    let main = fs::read_to_string(dir.path().join("src/main.rs")).unwrap();
    assert!(
        main.contains("let pool = Pool::<String>::new(4);"),
        "{main}"
    );
    assert!(
        main.contains(
            "let pool = workerpool::v2::Pool::new(4);\n    pool.add_worker(&Worker::new(|n: u64|"
        ),
        "{main}"
    );
    assert!(
        report.contains(
            "src/main.rs:18:16: left on v2: cargo check failed with this pool migrated (cargo check said: \
             src/main.rs:20:19: error[E0308]: mismatched types (expected `u64`, found `u32`)) and passed without it \
             (found by halving the set of migrated pools); it stays on workerpool::v2: migrate it by hand where the \
             error points, or leave it on v2"
        ),
        "{report}"
    );
    assert!(
        report.contains("halving the set of migrated pools found the pool whose rewrite breaks it, put back on workerpool::v2: ")
            && report.contains("src/main.rs:18:16; 1 other pool stays migrated, and cargo check passes"),
        "{report}"
    );
    assert!(
        report.contains("summary: 2 files changed, 1 pool migrated"),
        "{report}"
    );
    assert!(report.contains("1 pool left on v2"), "{report}");
    // `v2::Worker` in the import and `workerpool::v2::Pool` at the pool: both counted, both explained.
    assert_eq!(common::names_on_v2(&main), 2, "{main}");
    assert_eq!(common::places_on_v2(&report), 2, "{report}");
    assert!(
        report.contains(
            "src/main.rs:2:1: note: the import of `Worker` stays on workerpool::v2: the pool at "
        ) && report.contains(
            "src/main.rs:18:16: note: `Pool` here stays `workerpool::v2::Pool`: the pool at "
        ),
        "{report}"
    );
    let manifest = fs::read_to_string(dir.path().join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains("\", features = [\"v2\"] }\n"),
        "{manifest}"
    );
    let check = migrate::cargo_check::cargo_check(&check_request(dir.path()), &mut |_| {}).unwrap();
    assert!(check.success, "{}", check.stderr);
}

#[test]
fn a_crate_that_does_not_build_before_is_migrated_and_reported_not_checked() {
    // Broken whatever migrate does: the compiler cannot tell whether the migration builds.
    let source = format!("{V2_SOURCE}\nfn broken() -> u8 {{ \"not a number\" }}\n");
    let dir = local_crate("verify_broken_before", &source);
    let out = migrate(&["--allow-dirty"], &[&dir.path().join("src")]);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(
        report.contains("checking the crate before migration (cargo check --all-targets)... "),
        "{report}"
    );
    assert!(
        !report.contains("checking the migrated crate"),
        "no check of the result: {report}"
    );
    let manifest = dir.path().join("Cargo.toml");
    assert!(
        report.contains(&format!(
            "not checked: {}: the crate did not build before migration, nor with every pool on workerpool::v2 (first error: src/main.rs:9:21: \
             error[E0308]: mismatched types (expected `u8`, found `&str`))",
            manifest.display()
        )),
        "{report}"
    );
    assert!(!report.contains("checked: cargo"), "{report}");
    assert!(
        fs::read_to_string(dir.path().join("src/main.rs"))
            .unwrap()
            .starts_with(V3_SOURCE),
        "migrated anyway, as without the check"
    );
}

/// The manifest already asks for 3 with the `v2` feature (as a range's note tells the user to write, or a user who
/// bumped the requirement first) while the code is still 2.x: it does not build as it is, but it does with every
/// pool on `workerpool::v2`, so that is what the migration is checked against.
#[test]
fn a_crate_whose_manifest_already_asks_for_3_is_checked_against_every_pool_on_v2() {
    let dir = common::named_crate(
        "verify_manifest_first",
        &common::requirement_3(true),
        ONE_POOL_BREAKS,
    );
    common::patch_workerpool(dir.path());
    let out = migrate(&["--allow-dirty"], &[&dir.path().join("src")]);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(
        report.contains(
            "checking the crate with every pool on workerpool::v2 (cargo check --all-targets)... "
        ),
        "{report}"
    );
    assert!(!report.contains("not checked"), "{report}");
    assert!(
        report
            .contains("src/main.rs:18:16: left on v2: cargo check failed with this pool migrated"),
        "{report}"
    );
    let main = fs::read_to_string(dir.path().join("src/main.rs")).unwrap();
    assert!(
        main.contains("let pool = Pool::<String>::new(4);"),
        "{main}"
    );
    let check = Command::new(env!("CARGO"))
        .args(["check", "--all-targets", "--quiet"])
        .current_dir(dir.path())
        .env("CARGO_TARGET_DIR", dir.path().join("target"))
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "the output builds: {}",
        text(&check.stderr)
    );
}
#[test]
fn a_checked_run_says_so_and_how_long_each_check_took() {
    let dir = local_crate("verify_by_default", V2_SOURCE);
    let out = migrate(&["--allow-dirty"], &[&dir.path().join("src")]);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    let progress: Vec<&str> = report
        .lines()
        .filter(|l| l.starts_with("checking "))
        .collect();
    assert_eq!(progress.len(), 2, "{report}");
    assert!(
        progress[0]
            .starts_with("checking the crate before migration (cargo check --all-targets)... ")
            && progress[1]
                .starts_with("checking the migrated crate (cargo check --all-targets)... ")
            && progress.iter().all(|l| l.ends_with(" s (passed)")),
        "{report}"
    );
    let manifest = dir.path().join("Cargo.toml");
    assert!(
        report.contains(&format!(
            "checked: {}: cargo check --all-targets passes on the code written (2 checks)",
            manifest.display()
        )),
        "{report}"
    );
}

#[test]
fn no_verify_writes_without_checking_and_says_so() {
    let dir = local_crate("verify_opted_out", V2_SOURCE);
    let out = migrate(
        &["--no-verify", "--allow-dirty"],
        &[&dir.path().join("src")],
    );
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(!report.contains("checking "), "{report}");
    assert!(
        report.contains("not checked: ")
            && report.contains("--no-verify was given: the compiler did not check"),
        "{report}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        V3_SOURCE
    );
}

#[test]
fn diff_and_check_say_plainly_that_the_output_was_not_compiled() {
    let dir = local_crate("verify_dry_run", V2_SOURCE);
    for flag in ["--diff", "--check"] {
        let out = migrate(&[flag], &[&dir.path().join("src")]);
        let report = text(&out.stderr);
        assert!(!report.contains("checking "), "{report}");
        assert!(
            report.contains(&format!(
                "not checked: {}: {flag} writes nothing, so the compiler did not check the migrated code",
                dir.path().join("Cargo.toml").display()
            )),
            "{report}"
        );
    }
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        V2_SOURCE
    );
}

/// Runs `migrate` on a crate of `ONE_POOL_BREAKS` with `script` as its `cargo` for its checks (the check before migration
/// passes when `before_passes`, `script` runs for every later check); asserts that it exits with status 2, saying
/// `why`, with every file as before.
#[cfg(unix)]
fn verify_with_cargo(before_passes: bool, script: &str, why: &str) {
    use std::os::unix::fs::PermissionsExt;
    let bin = tempfile::tempdir().unwrap();
    let cargo = bin.path().join("cargo");
    let ran = bin.path().join("ran");
    let first = if before_passes {
        format!("if [ ! -e {ran:?} ]; then touch {ran:?}; exit 0; fi\n")
    } else {
        String::new()
    };
    // Only the checks are faked: listing the package's targets is cargo's own.
    let metadata = format!(
        "if [ \"$1\" = metadata ]; then exec {:?} \"$@\"; fi\n",
        env!("CARGO")
    );
    fs::write(&cargo, format!("#!/bin/sh\n{metadata}{first}{script}")).unwrap();
    fs::set_permissions(&cargo, fs::Permissions::from_mode(0o755)).unwrap();
    let dir = common::krate("\"2\"", ONE_POOL_BREAKS);
    let manifest = fs::read_to_string(dir.path().join("Cargo.toml")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_migrate"))
        .args(["--verify", "--allow-dirty"])
        .arg(dir.path().join("src"))
        .env("CARGO", &cargo)
        .output()
        .unwrap();
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{report}");
    assert!(report.contains(why), "{report}");
    if before_passes {
        assert!(report.contains("restored every file written"), "{report}");
    } else {
        assert!(
            report.contains("nothing was written (pass --no-verify"),
            "{report}"
        );
    }
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        ONE_POOL_BREAKS
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("Cargo.toml")).unwrap(),
        manifest
    );
}

#[cfg(unix)]
#[test]
fn verify_restores_every_file_when_cargo_check_is_killed() {
    // Killed by a signal, as when a CI timeout stops it: no verdict on the code, so nothing is put back on v2.
    verify_with_cargo(true, "kill -KILL $$\n", "cargo check was stopped");
    // Killed before anything is written: nothing is.
    verify_with_cargo(false, "kill -KILL $$\n", "cargo check was stopped");
}

#[cfg(unix)]
#[test]
fn verify_restores_every_file_on_ctrl_c() {
    // Ctrl-C reaches migrate (and cargo, which here fails as if it had been stopped).
    let ctrl_c = "kill -INT $PPID\nexit 101\n";
    verify_with_cargo(true, ctrl_c, "interrupted (Ctrl-C or a termination signal)");
    verify_with_cargo(
        false,
        ctrl_c,
        "interrupted (Ctrl-C or a termination signal)",
    );
}

#[cfg(unix)]
#[test]
fn verify_restores_every_file_when_the_crate_fails_with_every_pool_on_v2() {
    // Built before, fails after whatever is put back: migrate's own edits would break it, so nothing stays.
    verify_with_cargo(
        true,
        "exit 101\n",
        "cargo check fails on the crate with every pool on workerpool::v2 too",
    );
}

/// A crate of one pool per job type, each in a function of its own.
fn pools_crate(jobs: &[&str]) -> tempfile::TempDir {
    let mut main = String::from("use workerpool::{Pool, Worker};\n");
    for (i, job) in jobs.iter().enumerate() {
        main.push_str(&format!(
            "\nfn pool{i}() {{\n    let pool = Pool::new(1);\n    pool.add_worker(&Worker::new(|_: {job}| ())).unwrap();\n}}\n"
        ));
    }
    common::krate("\"2\"", &main)
}

/// Runs `verify` on a crate of `jobs` with a `cargo check` stand-in that fails while any pool of `breaking` is
/// migrated; returns the job types put back on v2, in the order found, and the number of checks.
fn bisect(jobs: &[&str], breaking: &[&str]) -> (Vec<String>, usize) {
    let dir = pools_crate(jobs);
    let main = dir.path().join("src/main.rs");
    let krate = Crate::load(Some(dir.path()), std::slice::from_ref(&main));
    let migration = krate.migrate(&BTreeSet::new());
    assert_eq!(migration.migrated(), jobs.len());
    let mut written = Written::default();
    migrate::verify::apply(&krate, &migration, &mut written).unwrap();
    let checks = Cell::new(0);
    let mut check = |root: &Path, _: &str| {
        checks.set(checks.get() + 1);
        let text = fs::read_to_string(&main).unwrap();
        let success = !breaking
            .iter()
            .any(|job| text.contains(&format!("Pool::<{job}>::new")));
        Ok(Checked {
            success,
            diagnostics: Vec::new(),
            stderr: String::new(),
            duration: Duration::ZERO,
            root: root.to_path_buf(),
        })
    };
    let before = Checked {
        success: true,
        diagnostics: Vec::new(),
        stderr: String::new(),
        duration: Duration::ZERO,
        root: dir.path().to_path_buf(),
    };
    let verified = verify(&krate, migration, &mut written, &mut check, &before).unwrap();
    let text = fs::read_to_string(&main).unwrap();
    let mut put_back = Vec::new();
    for (pool, _) in &verified.put_back {
        let line = text.lines().nth(pool.at.0).unwrap();
        let job = line.split(": ").nth(1).unwrap().split('|').next().unwrap();
        put_back.push(job.to_string());
    }
    for job in jobs {
        let migrated = text.contains(&format!("Pool::<{job}>::new"));
        assert_eq!(migrated, !breaking.contains(job), "{job}:\n{text}");
    }
    assert_eq!(verified.migration.migrated(), jobs.len() - breaking.len());
    (put_back, checks.get())
}

#[test]
fn bisection_finds_the_breaking_pool_wherever_it_is_in_few_checks() {
    let jobs = ["u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64"];
    for culprit in jobs {
        let (put_back, checks) = bisect(&jobs, &[culprit]);
        assert_eq!(put_back, [culprit]);
        // One failing check, log2(8) = 3 trials, one passing check.
        assert_eq!(checks, 5, "{culprit}");
    }
}

#[test]
fn bisection_finds_every_breaking_pool_one_after_the_other() {
    let jobs = ["u8", "u16", "u32", "u64", "i8"];
    let (put_back, _) = bisect(&jobs, &["u16", "i8"]);
    assert_eq!(put_back, ["u16", "i8"]);
    let (put_back, _) = bisect(&jobs, &jobs);
    assert_eq!(put_back.len(), jobs.len());
}

#[test]
fn a_single_pool_that_breaks_is_put_back_without_trials() {
    let (put_back, checks) = bisect(&["u8"], &["u8"]);
    assert_eq!(put_back, ["u8"]);
    assert_eq!(checks, 2);
}

#[test]
fn the_json_report_names_the_pool_verify_put_back_by_its_refusal_id() {
    let dir = local_crate("verify_bisects_json", ONE_POOL_BREAKS);
    let out = migrate(
        &["--verify", "--allow-dirty", "--format", "json"],
        &[&dir.path().join("src")],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let put_back: Vec<&serde_json::Value> = report["sites"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["id"] == "put-back-by-verify")
        .collect();
    assert_eq!(put_back.len(), 1, "{report:#}");
    assert_eq!(put_back[0]["kind"], "left_on_v2");
    assert_eq!(
        (&put_back[0]["line"], &put_back[0]["column"]),
        (&serde_json::Value::from(18), &serde_json::Value::from(16))
    );
    assert_eq!(report["summary"]["pools_left_on_v2"], 1);
    let verification = &report["summary"]["verification"][0];
    assert_eq!(verification["checked"], true, "{report:#}");
    assert_eq!(verification["not_checked_because"], serde_json::Value::Null);
    let checks = verification["checks"].as_array().unwrap();
    // Before, after, one trial of the halving, and the check after putting the pool back.
    assert_eq!(checks.len(), 4, "{report:#}");
    assert_eq!(checks[0]["what"], "the crate before migration");
    assert_eq!(
        checks
            .iter()
            .map(|c| c["passed"] == true)
            .collect::<Vec<_>>(),
        [true, false, true, true]
    );
    assert!(checks.iter().all(|c| c["seconds"].as_f64().unwrap() > 0.0));
}

fn check_request(dir: &Path) -> migrate::cargo_check::Request {
    migrate::cargo_check::Request {
        manifest: dir.join("Cargo.toml"),
        target_dir: Some(common::workspace().join("target/migrate-fixture-crate/cli")),
        env: vec![("CARGO_NET_OFFLINE".into(), "true".into())],
    }
}

#[test]
fn cargo_check_returns_the_compilers_errors_with_their_spans_codes_and_labels() {
    let main = "fn main() {\n    let n: u8 = \"seven\";\n    let _ = n;\n}\n";
    let dir = common::named_crate(
        "check_errors",
        "{ version = \"2\", path = \"../nowhere\" }",
        main,
    );
    // No dependency: the crate alone, so that only the compiler can fail it.
    fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"check_errors\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    )
    .unwrap();
    let mut messages = 0;
    let checked =
        migrate::cargo_check::cargo_check(&check_request(dir.path()), &mut |_| messages += 1)
            .unwrap();
    assert!(!checked.success);
    assert!(
        messages >= 2,
        "the compiler's message and the build's end are streamed"
    );
    let errors: Vec<_> = checked.errors().collect();
    assert_eq!(errors.len(), 1, "{:#?}", checked.diagnostics);
    let error = errors[0];
    assert_eq!(error.code.as_ref().unwrap().code, "E0308");
    assert!(
        error
            .rendered
            .as_deref()
            .unwrap()
            .contains("mismatched types")
    );
    let span = migrate::cargo_check::primary_span(error).unwrap();
    assert_eq!((span.line_start, span.column_start), (2, 17));
    assert_eq!(
        &main[span.byte_start as usize..span.byte_end as usize],
        "\"seven\""
    );
    assert_eq!(span.label.as_deref(), Some("expected `u8`, found `&str`"));
    assert_eq!(checked.path_of(span), dir.path().join("src/main.rs"));
    assert_eq!(
        checked.first_error().unwrap(),
        "src/main.rs:2:17: error[E0308]: mismatched types (expected `u8`, found `&str`)"
    );
}

#[test]
fn cargo_check_passes_a_crate_that_builds_and_says_how_long_it_took() {
    let dir = local_crate("check_passes", V2_SOURCE);
    let mut progress = Vec::new();
    let checked = migrate::cargo_check::cargo_check_showing(
        &check_request(dir.path()),
        "checking the migrated crate",
        &mut progress,
        &migrate::cargo_check::passed_or_failed,
    )
    .unwrap();
    assert!(checked.success, "{}", checked.stderr);
    assert_eq!(checked.first_error(), None);
    assert!(checked.duration > Duration::ZERO);
    let progress = text(&progress);
    assert!(
        progress.starts_with("checking the migrated crate (cargo check --all-targets)... ")
            && progress.ends_with(" s (passed)\n"),
        "{progress}"
    );
}

#[test]
fn cargo_check_reports_cargos_own_error_when_the_compiler_gives_none() {
    let dir = common::krate("\"not a requirement\"", V2_SOURCE);
    let checked =
        migrate::cargo_check::cargo_check(&check_request(dir.path()), &mut |_| {}).unwrap();
    assert!(!checked.success);
    assert_eq!(checked.errors().count(), 0);
    let first = checked.first_error().unwrap();
    assert!(first.starts_with("error"), "{first}");
}
