//! Whole packages migrated as a user would: a copy of a package's `before` tree is migrated with the command its
//! NOTES.md gives, every file is compared byte for byte with its `after` tree, and the result must pass
//! `cargo check --all-targets --offline` against the workspace's workerpool.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{files, text, workspace};

/// Where the packages are: `packages/NAME/{before,...,after}/` with a NOTES.md.
fn packages() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/packages")
}

/// Copies the package `name/before` into a temporary directory set up to build offline, as its user has it.
fn copy_package(name: &str, before: &str) -> tempfile::TempDir {
    let from = packages().join(name).join(before);
    let dir = tempfile::tempdir().unwrap();
    for file in files(&from) {
        let to = dir.path().join(&file);
        fs::create_dir_all(to.parent().unwrap()).unwrap();
        fs::copy(from.join(&file), &to).unwrap();
        if file == Path::new("Cargo.toml") {
            fs::write(&to, published(&fs::read_to_string(&to).unwrap())).unwrap();
        }
    }
    common::patch_workerpool(dir.path());
    dir
}

/// Copies the package `name/before` and runs migrate there (from the package's directory, as a user would) on
/// `paths`; returns the directory and migrate's output.
fn migrate_copy(
    name: &str,
    before: &str,
    paths: &[&str],
    check_as: &str,
) -> (tempfile::TempDir, Output) {
    let dir = copy_package(name, before);
    let args: Vec<&str> = ["--allow-dirty"].iter().chain(paths).copied().collect();
    let out = common::migrate_in(dir.path(), &args, &target_dir(check_as));
    (dir, out)
}

/// Runs migrate again on `paths` of the migrated package in `dir`: it must change nothing.
fn assert_second_run_changes_nothing(dir: &Path, paths: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_migrate"))
        .args(["--check", "--allow-dirty"])
        .args(paths)
        .current_dir(dir)
        .env("CARGO_NET_OFFLINE", "true")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// The packages' manifests write the dependency as before the library took its published name: under another
/// name (`migrate::manifest::PACKAGE`), a dependency on 3 has `package = ".."` too, in the before/ copies (a
/// manifest already on 3) and in what after/ expects. Once the library is renamed for good, write the manifests
/// so and drop this.
fn published(manifest: &str) -> String {
    let package = &migrate::manifest::PACKAGE;
    if !package.renamed() {
        return manifest.to_string();
    }
    let named = format!(
        "workerpool = {{ package = \"{}\", version = \"3\"",
        package.name()
    );
    manifest
        .replace("workerpool = \"3\"\n", &format!("{named} }}\n"))
        .replace("workerpool = { version = \"3\"", &named)
}

/// Asserts that `dir` holds exactly the files of `name/after`, byte for byte (its manifest as `published`).
fn assert_same_as_after(dir: &Path, name: &str) {
    let after = packages().join(name).join("after");
    assert_eq!(files(dir), files(&after), "the package's files");
    for file in files(&after) {
        let got = fs::read(dir.join(&file)).unwrap();
        let mut want = fs::read(after.join(&file)).unwrap();
        if file == Path::new("Cargo.toml") {
            want = published(&text(&want)).into_bytes();
        }
        assert!(
            got == want,
            "{} differs from after/:\n{}",
            file.display(),
            text(&got)
        );
    }
}

/// The target directory of the package `name`'s checks (one per package: cargo tells path packages apart by name
/// only).
fn target_dir(name: &str) -> PathBuf {
    workspace()
        .join("target/migrate-fixture-crate/packages")
        .join(name)
}

/// `cargo check --all-targets --offline` on the migrated package, as its user would run it (its workerpool
/// requirement reaches the workspace's library through the `.cargo/config.toml` of `common::patch_workerpool`).
fn assert_checks(dir: &Path, name: &str) {
    if let Err(errors) = common::cargo_check(dir, &target_dir(name)) {
        panic!("the migrated package does not check:\n{errors}");
    }
}

/// `cargo test --doc --offline` on the migrated package in `dir`, set up by [`assert_checks`]: its doc tests run.
fn assert_doc_tests_pass(dir: &Path, name: &str) {
    let out = Command::new(env!("CARGO"))
        .args(["test", "--doc", "--offline", "--quiet"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target_dir(name))
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the migrated package's doc tests fail:\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}

/// The report lines about whole files (`FILE: note: ...`), the summary left out.
fn file_notes(report: &str) -> Vec<&str> {
    report.lines().filter(|l| l.contains(": note: ")).collect()
}

/// Migrates a copy of the package `name/before` on `paths` as a user would and checks the result: exit status 0,
/// every file byte for byte as in `name/after`, a second run changes nothing, and `cargo check --all-targets`
/// passes (in the target directory of `check_as`). Returns the directory and the report.
fn assert_migrates_to_after(
    name: &str,
    before: &str,
    paths: &[&str],
    check_as: &str,
) -> (tempfile::TempDir, String) {
    let (dir, out) = migrate_copy(name, before, paths, check_as);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert_same_as_after(dir.path(), name);
    assert_second_run_changes_nothing(dir.path(), paths);
    assert_checks(dir.path(), check_as);
    (dir, report)
}

#[test]
fn a_second_run_on_tests_migrates_2x_code_under_a_manifest_already_on_3() {
    let (_dir, report) = assert_migrates_to_after(
        "manifest_already_3",
        "before",
        &["tests/"],
        "manifest_already_3",
    );
    assert!(
        report.contains("1 file changed, 1 pool migrated"),
        "{report}"
    );
}

#[test]
fn migrating_src_takes_in_the_tests_of_a_package_whose_manifest_moves_to_3() {
    let (_dir, report) = assert_migrates_to_after(
        "manifest_already_3",
        "before_v2",
        &["src/"],
        "manifest_already_3_v2",
    );
    let note = "tests/smoke.rs: note: taken in beyond the paths given: it belongs to the test tests/smoke.rs of this package, whose Cargo.toml moves to workerpool 3; left as it was, its 2.x code would no longer compile";
    assert_eq!(file_notes(&report), [note], "{report}");
    // The book's upgrading chapter shows this line as the tool prints it.
    let book = fs::read_to_string(workspace().join("book/src/upgrading.md")).unwrap();
    assert!(
        book.contains(&format!("$ migrate src/\n{note}\n")),
        "book/src/upgrading.md does not show the line migrate prints:\n{note}"
    );
}

/// The package of `worker_kept_in_field` (a `Worker` kept in a field, whose job type only the compiler can say) under
/// a range: migrate leaves a range as it is, and the code with it, so that the package still builds against what the
/// requirement allows, and the note at the requirement says what to write there. No probe runs (3.x code under a
/// 2.x requirement answers nothing, and nothing is written from it). Once the line is written, the package migrates.
#[test]
fn under_a_range_requirement_nothing_changes_and_the_compiler_is_not_asked() {
    let (name, range) = (
        "worker_kept_in_field",
        "workerpool = \">=2.1, <3\" # any 2.x",
    );
    let dir = tempfile::tempdir().unwrap();
    let from = packages().join(name).join("before");
    for file in files(&from) {
        fs::create_dir_all(dir.path().join(&file).parent().unwrap()).unwrap();
        fs::copy(from.join(&file), dir.path().join(&file)).unwrap();
    }
    let manifest = dir.path().join("Cargo.toml");
    let plain = fs::read_to_string(&manifest).unwrap();
    fs::write(&manifest, plain.replace("workerpool = \"2\"", range)).unwrap();
    common::patch_workerpool(dir.path());
    let read = |f: &PathBuf| fs::read(dir.path().join(f)).unwrap();
    let before: Vec<(PathBuf, Vec<u8>)> = files(dir.path())
        .into_iter()
        .map(|f| (f.clone(), read(&f)))
        .collect();
    let out = common::migrate_in(dir.path(), &["--allow-dirty", "src/"], &target_dir("range"));
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    for (file, bytes) in &before {
        assert_eq!(&read(file), bytes, "{} changed\n{report}", file.display());
    }
    assert!(!report.contains("asking the compiler"), "{report}");
    assert!(!report.contains("asked the compiler"), "{report}");
    let line = "write `workerpool = { package = \"typed-workerpool\", version = \"3\", features = [\"v2\"] }` there";
    let line = line.replace("typed-workerpool", migrate::manifest::PACKAGE.name());
    assert!(report.contains(&line), "{report}");
    // As the note says: write the line, then run migrate again; the pool migrates.
    let written = &line["write `".len()..line.len() - "` there".len()];
    let ranged = fs::read_to_string(&manifest)
        .unwrap()
        .replace(range, written);
    fs::write(&manifest, ranged).unwrap();
    let again = common::migrate_in(dir.path(), &["--allow-dirty", "src/"], &target_dir("range"));
    let again = common::text(&again.stderr);
    assert!(
        again.contains("1 pool migrated") && again.contains(" 0 pools left on v2"),
        "{again}"
    );
    // Nothing names workerpool::v2 any more, so the feature the line turned on can go, and the report says so.
    let line = 1 + fs::read_to_string(&manifest).unwrap()[..]
        .split_once(written)
        .map(|(before, _)| before.matches('\n').count())
        .unwrap();
    assert!(
        again.contains(&format!("Cargo.toml:{line}:1: note: no code of this package names workerpool::v2 once this run is written: the `v2` feature turned on here is no longer needed")),
        "{again}"
    );
}

#[test]
fn a_pool_made_from_a_helpers_worker_is_answered_by_the_test_that_feeds_it() {
    let name = "kept_worker_from_a_helper_given_jobs_in_a_test";
    let (_dir, report) = assert_migrates_to_after(name, "before", &["src/"], name);
    assert!(report.contains(" 0 pools left on v2"), "{report}");
}

#[test]
fn a_binary_that_makes_its_pool_through_the_librarys_reexported_names_migrates() {
    let name = "reexported_pool_names_in_the_binary";
    let (_dir, report) = assert_migrates_to_after(name, "before", &["src/"], name);
    // Two constructions; the library's `Ok(pool)` and its `-> crate::AppResult<TaskPool>` are one pool, which only
    // the compiler joins.
    assert!(
        report.contains("2 pools migrated (8 sites), 0 pools left on v2"),
        "{report}"
    );
    assert!(
        report.contains("asked the compiler the job types of 2 of the pools"),
        "{report}"
    );
}

#[test]
fn a_job_type_of_the_library_is_written_with_the_librarys_name_in_its_tests() {
    let (_dir, report) = assert_migrates_to_after(
        "library_job_type_in_a_test",
        "before",
        &["src/"],
        "library_job_type_in_a_test",
    );
    assert!(report.contains("1 pool migrated"), "{report}");
    assert!(!report.contains("left on v2:"), "{report}");
}

#[test]
fn two_binaries_that_each_define_app_are_migrated_each_on_its_own() {
    let (_dir, report) = assert_migrates_to_after(
        "separate_crate_roots",
        "before",
        &["src/"],
        "separate_crate_roots",
    );
    assert!(report.contains("2 pools migrated"), "{report}");
    assert!(!report.contains("left on v2:"), "{report}");
}

#[test]
fn a_binary_that_names_the_library_is_analysed_with_it_and_another_binary_on_its_own() {
    let (_dir, report) = assert_migrates_to_after(
        "library_named_by_a_binary",
        "before",
        &["src/"],
        "library_named_by_a_binary",
    );
    assert!(report.contains("2 pools migrated"), "{report}");
    assert!(!report.contains("left on v2:"), "{report}");
}

#[test]
fn a_re_export_of_the_2x_items_moves_to_3x_with_the_pool_behind_it() {
    let (_dir, report) = assert_migrates_to_after(
        "reexport_through_prelude",
        "before",
        &["src/"],
        "reexport_through_prelude",
    );
    assert!(report.contains("1 pool migrated"), "{report}");
    assert!(!report.contains("left on v2:"), "{report}");
    let changed: Vec<&str> = report
        .lines()
        .filter(|l| l.contains("note: ") && l.contains("public API changes"))
        .collect();
    assert_eq!(changed.len(), 3, "{report}");
}

#[test]
fn an_example_that_names_workerpool_only_through_the_librarys_re_exports_is_taken_in() {
    let (_dir, report) = assert_migrates_to_after(
        "reexport_used_only_by_an_example",
        "before",
        &["src/"],
        "reexport_used_only_by_an_example",
    );
    assert!(report.contains("0 pools left on v2"), "{report}");
    assert!(!report.contains("workerpool::v2"), "{report}");
    assert!(
        report.contains("examples/ex.rs: note: taken in beyond the paths given"),
        "{report}"
    );
}

#[test]
fn a_library_function_s_pool_is_typed_in_every_target_that_keeps_it() {
    // `pkg::make_pool(tx)` in the binary (into a struct field), the example and the integration test (into
    // parameters): each is the library's pool, typed `Pool<u32>` by the compiler (a place of its own in the report).
    let (_dir, report) = assert_migrates_to_after(
        "library_pool_fn_used_by_other_targets",
        "before",
        &["src/"],
        "library_pool_fn_used_by_other_targets",
    );
    assert!(report.contains("4 pools migrated"), "{report}");
    assert!(report.contains("0 pools left on v2"), "{report}");
}

#[test]
fn doc_tests_move_to_v2_with_the_pools_they_name() {
    let (dir, report) =
        assert_migrates_to_after("doc_tests_on_v2", "before", &["src/"], "doc_tests_on_v2");
    assert!(report.contains("1 pool migrated"), "{report}");
    assert!(
        report.contains("src/lib.rs:3:5: left on v2: the doc test at line 3 names `check`"),
        "{report}"
    );
    assert_doc_tests_pass(dir.path(), "doc_tests_on_v2");
}

#[test]
fn a_doc_test_of_3x_code_in_a_3x_library_is_left_alone() {
    let name = "doc_test_of_3x_code_left_alone";
    let (dir, report) = assert_migrates_to_after(name, "before", &["src/"], name);
    assert!(report.contains("summary: 0 files changed"), "{report}");
    assert_doc_tests_pass(dir.path(), name);
}

#[test]
fn a_glob_in_the_librarys_tests_does_not_keep_a_private_import_of_another_module() {
    let (_dir, report) = assert_migrates_to_after(
        "glob_in_tests_keeps_module_import",
        "before",
        &["src/"],
        "glob_in_tests_keeps_module_import",
    );
    assert!(report.contains("0 pools left on v2, 0 errors"), "{report}");
    assert!(!report.contains("workerpool::v2"), "{report}");
}

#[test]
fn a_re_export_stays_on_v2_while_a_pool_behind_it_does() {
    let name = "reexport_stays_on_v2_with_a_pool_behind_it";
    let (_dir, report) = assert_migrates_to_after(name, "before", &["src/"], name);
    assert!(report.contains("1 pool migrated"), "{report}");
    assert!(
        report.contains("src/lib.rs:11:13: left on v2: the compiler, asked with a placeholder job type, found this pool given jobs or workers of different types"),
        "{report}"
    );
}

#[test]
fn an_import_a_module_file_names_through_a_glob_is_kept() {
    let name = "glob_in_another_file_keeps_an_import";
    let (_dir, report) = assert_migrates_to_after(name, "before", &["src/"], name);
    assert!(
        report.contains("src/lib.rs:2:1: note: the import of `Worker` stays on workerpool::v2"),
        "{report}"
    );
}

#[test]
fn a_glob_beside_an_import_of_the_same_name_keeps_no_import_of_the_file_it_globs_from() {
    let name = "glob_that_imports_the_name_itself";
    let (_dir, report) = assert_migrates_to_after(name, "before", &["src/"], name);
    assert!(!report.contains("workerpool::v2"), "{report}");
}

#[test]
fn a_glob_in_a_child_file_keeps_no_import_of_its_parents_test_module() {
    let name = "glob_in_a_child_file_reaches_not_its_parents_tests";
    let (_dir, report) = assert_migrates_to_after(name, "before", &["src/"], name);
    assert!(report.contains("0 pools left on v2, 0 errors"), "{report}");
    assert!(!report.contains("workerpool::v2"), "{report}");
}

#[test]
fn a_module_two_binaries_share_is_rewritten_once_and_its_pool_of_two_job_types_stays() {
    let name = "module_shared_by_two_binaries";
    let paths = ["src/bin/a.rs", "src/bin/b.rs"];
    let (_dir, report) = assert_migrates_to_after(name, "before", &paths, name);
    assert!(
        report.contains("summary: 4 files changed, 0 pools migrated (0 sites), 1 pool left on v2"),
        "{report}"
    );
    assert!(report.contains(" 0 errors"), "{report}");
}

#[test]
fn moving_to_3_takes_in_the_targets_on_2x_and_reports_each() {
    let name = "every_target_taken_in_when_the_manifest_moves";
    let (_dir, report) = assert_migrates_to_after(name, "before", &["src/main.rs"], name);
    let taken: Vec<&str> = report
        .lines()
        .filter(|l| l.contains("taken in beyond the paths given"))
        .collect();
    assert_eq!(taken.len(), 1, "{report}");
    assert!(
        taken[0].starts_with("examples/demo.rs: note: ") && taken[0].contains("the example "),
        "{report}"
    );
    assert!(report.contains("2 pools migrated"), "{report}");
}

#[test]
fn a_binary_with_a_variable_named_like_the_library_is_analysed_on_its_own() {
    let name = "binary_variable_named_like_the_library";
    let paths = ["src/lib.rs", "src/bin/tool.rs"];
    let (_dir, report) = assert_migrates_to_after(name, "before", &paths, name);
    assert!(report.contains("2 pools migrated"), "{report}");
    assert!(!report.contains("left on v2:"), "{report}");
}

/// Migrates a copy of the package `name/before` on `paths` whose result cargo cannot check (the package does not
/// build, before or after, by design): exit status 0, every file as in `name/after`, a second run changes nothing.
/// Returns the report.
fn assert_migrates_unchecked(name: &str, paths: &[&str]) -> String {
    let (dir, out) = migrate_copy(name, "before", paths, name);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert_same_as_after(dir.path(), name);
    assert_second_run_changes_nothing(dir.path(), paths);
    report
}

#[test]
fn a_package_cargo_cannot_list_migrates_the_paths_given_and_says_why() {
    let report = assert_migrates_unchecked("manifest_cargo_cannot_list", &["src/main.rs"]);
    assert!(
        report.contains(
            "Cargo.toml: note: cargo cannot list this package's targets (failed to parse manifest"
        ),
        "{report}"
    );
    assert!(report.contains("missing field `package.name`"), "{report}");
    assert!(
        report.contains("summary: 2 files changed, 1 pool migrated"),
        "{report}"
    );
}

#[test]
fn under_a_manifest_on_3_only_the_paths_given_are_read_and_a_target_on_2x_is_named() {
    let report = assert_migrates_unchecked(
        "manifest_on_3_reads_only_the_paths_given",
        &["tests/smoke.rs"],
    );
    assert!(
        report.contains(
            "src/main.rs: note: the binary src/main.rs of this package still uses the 2.x API"
        ),
        "{report}"
    );
    assert!(
        report.contains("src/main.rs`), or it will not build"),
        "{report}"
    );
    assert!(!report.contains("taken in"), "{report}");
    assert!(report.contains("summary: 1 file changed"), "{report}");
}

#[test]
fn a_second_run_on_src_names_a_test_an_earlier_run_left_on_v2() {
    let report = assert_migrates_unchecked("second_run_names_a_target_left_on_v2", &["src/"]);
    let hint = "tests/smoke.rs: note: the test tests/smoke.rs of this package names workerpool::v2 (code an earlier run left on v2) and is not among the paths given: give it too (`migrate tests/smoke.rs` beside the paths given), or the pools it shares with them stay on v2";
    assert!(report.contains(hint), "{report}");
    // The test still needs the feature.
    assert!(!report.contains("`v2` feature"), "{report}");
}

#[test]
fn a_module_taken_in_that_does_not_parse_is_a_note_and_given_by_name_an_error() {
    let name = "module_that_does_not_parse_taken_in";
    let report = assert_migrates_unchecked(name, &["src/main.rs"]);
    assert!(
        report.contains("src/odd.rs: note: does not parse as Rust"),
        "{report}"
    );
    assert!(
        report.contains("1 pool migrated (3 sites), 0 pools left on v2, 0 errors"),
        "{report}"
    );
    let (_dir, out) = migrate_copy(name, "before", &["src/main.rs", "src/odd.rs"], name);
    let report = text(&out.stderr);
    assert!(
        report.contains("src/odd.rs:1:12: error: does not parse as Rust"),
        "{report}"
    );
}

#[test]
fn an_integration_test_keeps_no_import_for_the_librarys_glob() {
    let paths = ["src/", "tests/"];
    let (_dir, report) = assert_migrates_to_after(
        "integration_test_unused_v2_import",
        "before",
        &paths,
        "integration_test_unused_v2_import",
    );
    assert!(!report.contains("tests/direct.rs"), "{report}");
    assert!(report.contains("1 pool left on v2"), "{report}");
}

#[test]
fn a_helper_in_a_module_file_is_followed_by_its_imported_name_and_by_its_path() {
    let (_dir, report) = assert_migrates_to_after(
        "helper_in_module_file",
        "before",
        &["src/"],
        "helper_in_module_file",
    );
    assert!(report.contains("1 pool migrated"), "{report}");
    assert!(!report.contains("left on v2:"), "{report}");
}

/// A binary of one pool that 2.x ran and 3.x does not compile: the job is a `u32`, the worker takes `u64` (the
/// analysis cannot see what `parse` returns). Shaped like `common::V2_SOURCE`, so that its pool has the same id
/// in its crate root as that one's pool has in its own.
const BREAKS: &str = "use workerpool::{Pool, Worker};\n\nfn parse(line: &str) -> u32 {\n    line.trim().parse().unwrap_or(0)\n}\n\n\
    fn main() {\n    let pool = Pool::new(1);\n    pool.add_worker(&Worker::new(|n: u64| println!(\"{n}\"))).unwrap();\n    \
    pool.delegate(parse(\"7\")).unwrap();\n}\n";

/// `--verify` on a package of two binaries: the pool ids of one crate root are not those of another, so putting
/// back the pool whose rewrite breaks `src/bin/breaks.rs` leaves the pool of `src/main.rs` migrated.
#[test]
fn verify_puts_back_only_the_breaking_pool_of_one_binary() {
    let dir = common::local_crate("verify_two_bins", common::V2_SOURCE);
    let breaks = dir.path().join("src/bin/breaks.rs");
    fs::create_dir_all(breaks.parent().unwrap()).unwrap();
    fs::write(&breaks, BREAKS).unwrap();
    let out = common::migrate(&["--verify", "--allow-dirty"], &[&dir.path().join("src")]);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    let main = fs::read_to_string(dir.path().join("src/main.rs")).unwrap();
    assert_eq!(main, common::V3_SOURCE, "{report}");
    let breaks = fs::read_to_string(&breaks).unwrap();
    assert_eq!(breaks, BREAKS.replace("workerpool::", "workerpool::v2::"));
    assert!(
        report.contains(
            "src/bin/breaks.rs:8:16: left on v2: cargo check failed with this pool migrated"
        ),
        "{report}"
    );
    assert!(
        report.contains("summary: 3 files changed, 1 pool migrated"),
        "{report}"
    );
}

/// Runs the migrated package's binary `bin` in `dir` (set up by [`assert_checks`]); returns what it printed.
fn run_binary(dir: &Path, name: &str, bin: &str) -> String {
    let out = Command::new(env!("CARGO"))
        .args(["run", "--offline", "--quiet", "--bin", bin])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target_dir(name))
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    assert!(out.status.success(), "{bin} fails:\n{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn a_helpers_pool_of_a_worker_parameter_is_typed_by_the_binary_that_calls_it() {
    let name = "helper_pool_of_a_worker_parameter";
    let (dir, report) = assert_migrates_to_after(name, "before", &["src/"], name);
    assert!(report.contains("1 pool migrated"), "{report}");
    assert!(report.contains("0 pools left on v2"), "{report}");
    // 2.x printed this.
    assert_eq!(run_binary(dir.path(), name, "squares"), "[1, 4, 9, 16]\n");
}

#[test]
fn a_helpers_pool_given_two_job_types_by_its_callers_makes_the_helper_generic() {
    let name = "helper_pool_given_two_job_types";
    let (dir, report) = assert_migrates_to_after(name, "before", &["src/"], name);
    assert!(report.contains("1 pool migrated"), "{report}");
    assert!(report.contains("0 pools left on v2"), "{report}");
    let lib = fs::read_to_string(dir.path().join("src/lib.rs")).unwrap();
    assert!(
        lib.contains("pub fn with_pool<R, J: Send + 'static>(worker: &SharedWorker<J>"),
        "{lib}"
    );
    // 2.x printed these.
    assert_eq!(run_binary(dir.path(), name, "squares"), "[1, 4, 9, 16]\n");
    assert_eq!(
        run_binary(dir.path(), name, "lengths"),
        "[(2, \"of\"), (4, \"pool\"), (7, \"workers\")]\n"
    );
}

#[test]
fn a_worker_kept_in_a_field_and_grown_through_a_clone_keeps_its_handles_there() {
    let (dir, report) = assert_migrates_to_after(
        "worker_kept_in_field",
        "before",
        &["src/"],
        "worker_kept_in_field",
    );
    assert!(report.contains("0 pools left on v2"), "{report}");
    // 2.x printed this: three instances, two removed, every job run.
    assert_eq!(
        run_binary(dir.path(), "worker_kept_in_field", "worker-kept-in-field"),
        "workers 3\nworkers 1\nweights 6, total 28\n"
    );
}

#[test]
fn a_worker_the_walk_never_sees_made_kept_by_several_pools_is_removed_from_the_pool_asked() {
    let (dir, report) = assert_migrates_to_after(
        "kept_worker_shared_by_pools",
        "before",
        &["src/"],
        "kept_worker_shared_by_pools",
    );
    assert!(report.contains("0 pools left on v2"), "{report}");
    // 2.x printed this: two instances in each of three pools, one removed from each, every job run.
    assert_eq!(
        run_binary(
            dir.path(),
            "kept_worker_shared_by_pools",
            "kept-worker-shared-by-pools"
        ),
        "workers [2, 2, 2]\nafter shrink [1, 1, 1]\n[(\"a\", 1), (\"bb\", 2), (\"ccc\", 3), (\"dddd\", 4), (\"eeeee\", 5), (\"ffffff\", 6)]\n"
    );
}

#[test]
fn an_optional_worker_is_removed_through_its_field_and_the_compiler_fixes_the_delegate_error_the_walk_missed()
 {
    let (dir, report) = assert_migrates_to_after(
        "optional_worker_removed",
        "before",
        &["src/"],
        "optional_worker_removed",
    );
    assert!(report.contains("0 pools left on v2"), "{report}");
    assert!(
        report.contains("src/lib.rs:56:33: note: cargo check found what the rewrite missed here: `?` converts a 3.x DelegateError<T> through `workerpool::Error::from`"),
        "{report}"
    );
    assert_eq!(
        run_binary(dir.path(), "optional_worker_removed", "upload"),
        "closed: Err(\"the uploader is closed\")\nlanes 3\nlanes 2\n[20, 40, 90]\n"
    );
}

#[test]
fn a_workers_num_in_a_test_that_names_only_the_library_is_renamed_with_the_test_taken_in() {
    let (_dir, report) = assert_migrates_to_after(
        "workers_num_in_an_unread_test",
        "before",
        &["src/"],
        "workers_num_in_an_unread_test",
    );
    assert!(report.contains("1 pool migrated"), "{report}");
    // The test, beyond the paths given, changes only where the compiler says: the report names the line.
    assert!(
        report.contains(
            "tests/threads.rs:6:58: note: cargo check found what the rewrite missed here"
        ),
        "{report}"
    );
}

#[test]
fn a_pool_alias_and_the_pool_handed_to_it_are_halved_as_one_pool() {
    // Not `assert_migrates_to_after`: a second run, which writes nothing and so asks no check, would migrate the
    // pool the check put back (as with `verify_puts_back_only_the_breaking_pool_of_one_binary`).
    let name = "pool_alias_joined";
    let (dir, out) = migrate_copy(name, "before", &["src/"], name);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert_same_as_after(dir.path(), name);
    assert_checks(dir.path(), name);
    assert!(
        report.contains("2 pools migrated (3 sites), 1 pool left on v2"),
        "{report}"
    );
    assert!(
        report.contains("src/lib.rs:34:16: left on v2: cargo check failed with this pool migrated (cargo check said: src/lib.rs:36:19: error[E0308]"),
        "{report}"
    );
}

#[test]
fn a_test_s_pool_the_probes_never_reach_is_typed_by_the_check_that_meets_it() {
    let (_dir, report) = assert_migrates_to_after(
        "pool_alias_in_a_test",
        "before",
        &["src/"],
        "pool_alias_in_a_test",
    );
    assert!(
        report.contains("3 pools migrated (4 sites), 0 pools left on v2"),
        "{report}"
    );
}

#[test]
fn a_probe_stopped_by_an_error_the_check_would_fix_is_fixed_and_checked_again() {
    let (_dir, report) = assert_migrates_to_after(
        "pool_behind_a_trait_in_a_test",
        "before",
        &["src/"],
        "pool_behind_a_trait_in_a_test",
    );
    assert!(
        // The places the compiler finds to be one value with another pool are not counted again (5 before).
        report.contains("3 pools migrated (8 sites), 0 pools left on v2"),
        "{report}"
    );
}

#[test]
fn a_job_type_is_written_from_the_module_in_scope_and_a_kept_worker_by_the_name_its_import_brings()
{
    let name = "job_type_from_a_module_in_scope";
    let (_dir, report) = assert_migrates_to_after(name, "before", &["src/"], name);
    assert!(report.contains("2 pools migrated"), "{report}");
    assert!(!report.contains("left on v2:"), "{report}");
}

#[test]
fn pools_held_back_by_a_test_of_no_workers_say_so_and_migrate_once_it_is_rewritten() {
    let name = "no_workers_test_of_a_generic_helper";
    let (dir, out) = migrate_copy(name, "before", &["src/"], name);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert_same_as_after(dir.path(), name);
    assert_checks(dir.path(), name);
    let left: Vec<&str> = report
        .lines()
        .filter(|l| l.contains(": left on v2: "))
        .collect();
    assert_eq!(left.len(), 4, "{report}");
    for line in left {
        assert!(
            line.contains("cargo check said: tests/fan_out.rs:21:46: error[E0599]: no variant or associated item named `NoWorkers`")
                && line.contains("rewrite the code that matches it"),
            "{line}"
        );
    }
    // What the reason says to do works: without the test, every pool migrates.
    let dir = copy_package(name, "before");
    let test = dir.path().join("tests/fan_out.rs");
    let code = fs::read_to_string(&test).unwrap();
    let start = code.find("#[test]\nfn a_pool_without_workers").unwrap();
    fs::write(&test, &code[..start]).unwrap();
    let out = common::migrate_in(dir.path(), &["--allow-dirty", "src/"], &target_dir(name));
    let report = text(&out.stderr);
    assert!(
        report.contains("3 pools migrated (5 sites), 0 pools left on v2"),
        "{report}"
    );
}
