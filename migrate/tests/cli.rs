//! The command line as a user runs it: exit codes, --check, --diff, bad input, git work trees and --help.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::{V2_SOURCE, V3_SOURCE, krate, migrate, text};

#[test]
fn check_exits_1_when_something_would_change_and_writes_nothing() {
    let dir = krate("\"2\"", V2_SOURCE);
    let out = migrate(&["--check"], &[&dir.path().join("src")]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        V2_SOURCE
    );
    assert!(
        text(&out.stderr).contains("summary: 2 files would change, 1 pool migrated (3 sites)"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn check_exits_0_on_migrated_code() {
    let dir = krate("\"3\"", V3_SOURCE);
    let out = migrate(&["--check"], &[&dir.path().join("src")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("summary: 0 files would change"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn diff_prints_a_unified_diff_and_writes_nothing() {
    let dir = krate("\"2.1\"", V2_SOURCE);
    let out = migrate(&["--diff"], &[&dir.path().join("src")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let diff = text(&out.stdout);
    let main = dir.path().join("src/main.rs");
    assert!(
        diff.contains(&format!("--- {}\n+++ {}\n", main.display(), main.display())),
        "{diff}"
    );
    assert!(diff.contains("-    let pool = Pool::new(1);\n-    pool.add_worker(&Worker::new(|n: u64| println!(\"{n}\"))).unwrap();\n\
        +    let pool = Pool::<u64>::new(1);\n+    pool.add_worker(|n: u64| println!(\"{n}\"));\n"), "{diff}");
    assert!(
        diff.contains(&format!(
            "-workerpool = \"2.1\"\n+workerpool = {}\n",
            common::requirement_3(false)
        )),
        "{diff}"
    );
    assert_eq!(fs::read_to_string(&main).unwrap(), V2_SOURCE);
    assert!(
        fs::read_to_string(dir.path().join("Cargo.toml"))
            .unwrap()
            .contains("workerpool = \"2.1\"")
    );
}

#[test]
fn a_file_given_twice_under_two_spellings_is_one_file_of_one_crate() {
    let dir = krate("\"2\"", V2_SOURCE);
    let src = dir.path().join("src");
    let again = src.join("..").join("src").join("main.rs");
    let out = migrate(&["--check"], &[&src.join("main.rs"), &again]);
    let report = text(&out.stderr);
    assert!(
        report.contains("summary: 2 files would change, 1 pool migrated (3 sites)"),
        "{report}"
    );
    assert_eq!(
        report.matches("Cargo.toml: --check writes nothing").count(),
        1,
        "{report}"
    );
}

#[test]
fn a_second_run_changes_nothing() {
    let dir = krate("\"2\"", V2_SOURCE);
    let src = dir.path().join("src");
    let first = migrate(&[], &[&src]);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    assert_eq!(fs::read_to_string(src.join("main.rs")).unwrap(), V3_SOURCE);
    let manifest = fs::read_to_string(dir.path().join("Cargo.toml")).unwrap();
    assert!(
        manifest.ends_with(&format!("workerpool = {}\n", common::requirement_3(false))),
        "{manifest}"
    );
    let second = migrate(&["--check"], &[&src]);
    assert_eq!(second.status.code(), Some(0), "{}", text(&second.stderr));
    assert_eq!(fs::read_to_string(src.join("main.rs")).unwrap(), V3_SOURCE);
}

#[test]
fn a_file_that_does_not_parse_is_reported_and_the_others_migrate() {
    let dir = krate("\"2\"", V2_SOURCE);
    let broken = "use workerpool::Pool;\nfn broken( {\n";
    fs::write(dir.path().join("src/broken.rs"), broken).unwrap();
    let out = migrate(&[], &[&dir.path().join("src")]);
    assert_eq!(out.status.code(), Some(2));
    let report = text(&out.stderr);
    assert!(
        report.contains("broken.rs:2:12: error: does not parse as Rust"),
        "{report}"
    );
    assert!(
        report.contains("Cargo.toml keeps the cargo feature \"v2\" for it"),
        "{report}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("src/broken.rs")).unwrap(),
        broken
    );
    // Its 2.x code keeps what it needs: once it parses, it can build on workerpool::v2 and be migrated.
    let manifest = fs::read_to_string(dir.path().join("Cargo.toml")).unwrap();
    assert!(
        manifest.ends_with(&format!("workerpool = {}\n", common::requirement_3(true))),
        "{manifest}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        V3_SOURCE
    );
}

#[test]
fn a_file_that_is_not_utf8_is_reported_and_left_byte_for_byte() {
    let dir = krate("\"2\"", V2_SOURCE);
    let latin1 = b"// caf\xe9\nuse workerpool::Pool;\n".to_vec();
    fs::write(dir.path().join("src/latin1.rs"), &latin1).unwrap();
    let out = migrate(&[], &[&dir.path().join("src")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("latin1.rs: error: not valid UTF-8 (first bad byte on line 1)"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(fs::read(dir.path().join("src/latin1.rs")).unwrap(), latin1);
    let manifest = fs::read_to_string(dir.path().join("Cargo.toml")).unwrap();
    assert!(manifest.contains("features = [\"v2\"]"), "{manifest}");
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        V3_SOURCE
    );
}

#[cfg(target_os = "linux")]
#[test]
fn an_unreadable_file_is_reported_and_the_others_migrate() {
    // Reading /proc/self/mem from its start fails (address 0 is never mapped), even for root.
    let dir = krate("\"2\"", V2_SOURCE);
    let unreadable = dir.path().join("src/unreadable.rs");
    std::os::unix::fs::symlink("/proc/self/mem", &unreadable).unwrap();
    let out = migrate(&[], &[&unreadable, &dir.path().join("src/main.rs")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("unreadable.rs: error: cannot read the file"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        V3_SOURCE
    );
}

#[test]
fn an_empty_directory_is_nothing_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let out = migrate(&[], &[dir.path()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("no .rs files here; nothing to migrate"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_path_that_does_not_exist_fails_with_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope/src");
    let out = migrate(&[], &[&missing]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("src: error: no such file or directory"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_path_that_is_not_rust_source_says_what_to_give_instead() {
    let dir = krate("\"2\"", V2_SOURCE);
    let manifest = dir.path().join("Cargo.toml");
    let before = fs::read_to_string(&manifest).unwrap();
    let out = migrate(&[], &[&manifest]);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{report}");
    assert!(
        report.contains("Cargo.toml: error: not a .rs file or a directory: give the package's directory or the .rs files and directories to migrate (`migrate src/`)"),
        "{report}"
    );
    assert_eq!(fs::read_to_string(&manifest).unwrap(), before);
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        V2_SOURCE
    );
}

#[test]
fn gitignored_files_and_target_are_skipped() {
    let dir = krate("\"2\"", V2_SOURCE);
    fs::write(dir.path().join(".gitignore"), "generated.rs\n").unwrap();
    for skipped in ["src/generated.rs", "target/debug/build/out.rs"] {
        let path = dir.path().join(skipped);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, V2_SOURCE).unwrap();
    }
    let out = migrate(&[], &[dir.path()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        fs::read_to_string(dir.path().join("src/generated.rs")).unwrap(),
        V2_SOURCE
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("target/debug/build/out.rs")).unwrap(),
        V2_SOURCE
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        V3_SOURCE
    );
}

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args([
            "-c",
            "user.name=test",
            "-c",
            "user.email=test@example.com",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "git {args:?}: {}",
        text(&status.stderr)
    );
}

#[test]
fn uncommitted_changes_are_refused_without_allow_dirty() {
    let dir = krate("\"2\"", V2_SOURCE);
    git(dir.path(), &["init", "-q"]);
    git(dir.path(), &["add", "."]);
    git(dir.path(), &["commit", "-q", "-m", "v2"]);
    let edited = format!("{V2_SOURCE}// not committed yet\n");
    fs::write(dir.path().join("src/main.rs"), &edited).unwrap();
    let out = migrate(&[], &[&dir.path().join("src")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("main.rs: error: has uncommitted changes"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        edited
    );
    assert!(
        fs::read_to_string(dir.path().join("Cargo.toml"))
            .unwrap()
            .contains("workerpool = \"2\"")
    );

    let out = migrate(&["--allow-dirty"], &[&dir.path().join("src")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        format!("{V3_SOURCE}// not committed yet\n")
    );
}

#[test]
fn committed_files_are_migrated_in_a_git_work_tree() {
    let dir = krate("\"2\"", V2_SOURCE);
    git(dir.path(), &["init", "-q"]);
    git(dir.path(), &["add", "."]);
    git(dir.path(), &["commit", "-q", "-m", "v2"]);
    let out = migrate(&[], &[&dir.path().join("src")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        V3_SOURCE
    );
}

#[test]
fn help_explains_the_steps_the_report_and_the_exit_codes() {
    let out = migrate(&["--help"], &[]);
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    for needle in [
        "--diff",
        "--check",
        "--no-verify",
        "--allow-dirty",
        "--format json",
        "halving",
        "not checked: ",
        "left on v2",
        "behaviour change",
        "feature \"v2\"",
        "Exit status:",
    ] {
        assert!(help.contains(needle), "--help lacks {needle}:\n{help}");
    }
    let committed =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("help.txt")).unwrap();
    assert_eq!(
        help, committed,
        "migrate/help.txt (shown in the book) is out of date"
    );
}

#[test]
fn a_range_requirement_is_left_with_the_code_and_the_report_says_what_to_write_where() {
    let dir = krate("\">=2.1, <3\"", V2_SOURCE);
    let manifest = fs::read_to_string(dir.path().join("Cargo.toml")).unwrap();
    let out = migrate(&[], &[&dir.path().join("src")]);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    // Code moved to 3 under a requirement that allows only 2.x would build against neither.
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.rs")).unwrap(),
        V2_SOURCE
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("Cargo.toml")).unwrap(),
        manifest
    );
    let line = format!(
        "{}:7:1: note: workerpool requirement left as it is: the requirement \">=2.1, <3\" is not a plain 2.x one; \
         set it to \"3\" by hand; the code is left as it is too, so that it still builds against what the \
         requirement allows (1 file of it would change): write `workerpool = {}` there, then run migrate again",
        dir.path().join("Cargo.toml").display(),
        common::requirement_3(false)
    );
    assert!(report.contains(&line), "{report}");
    assert!(report.contains("summary: 0 files changed"), "{report}");
}

#[test]
fn workspace_true_names_the_line_of_the_workspaces_requirement() {
    let root = tempfile::tempdir().unwrap();
    let workspace = "[workspace]\nmembers = [\"app\"]\n\n[workspace.dependencies]\nserde = \"1\"\nworkerpool = \"2.1\"\n";
    fs::write(root.path().join("Cargo.toml"), workspace).unwrap();
    let app = root.path().join("app");
    fs::create_dir_all(app.join("src")).unwrap();
    let member = "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nworkerpool = { workspace = true }\n";
    fs::write(app.join("Cargo.toml"), member).unwrap();
    fs::write(app.join("src/main.rs"), V2_SOURCE).unwrap();
    let out = migrate(&["--no-verify"], &[&app.join("src")]);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert_eq!(
        fs::read_to_string(app.join("src/main.rs")).unwrap(),
        V2_SOURCE
    );
    assert_eq!(fs::read_to_string(app.join("Cargo.toml")).unwrap(), member);
    assert_eq!(
        fs::read_to_string(root.path().join("Cargo.toml")).unwrap(),
        workspace
    );
    let at = format!(
        "{}:6:1: note: workerpool requirement left as it is: ",
        root.path().join("Cargo.toml").display()
    );
    assert!(report.contains(&at), "{report}");
    assert!(
        report.contains("has `workspace = true`: the requirement is the workspace's"),
        "{report}"
    );
    let write = format!(
        "write `workerpool = {}` there",
        common::requirement_3(false)
    );
    assert!(report.contains(&write), "{report}");
}

#[test]
fn a_dotted_key_manifest_with_crlf_line_endings_stays_so() {
    let dir = krate("\"2\"", V2_SOURCE);
    let manifest = "[package]\r\nname = \"demo\"\r\nversion = \"0.1.0\"\r\nedition = \"2021\"\r\n\r\n[dependencies]\r\n\
        # the pool, pinned for the release\r\nworkerpool.version = '2.1'\r\nworkerpool.default-features = false\r\n";
    fs::write(dir.path().join("Cargo.toml"), manifest).unwrap();
    let src = dir.path().join("src");
    let out = migrate(&["--no-verify"], &[&src]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let package = &migrate::manifest::PACKAGE;
    let moved = if package.renamed() {
        format!("'3'\r\nworkerpool.package = \"{}\"", package.name())
    } else {
        "'3'".to_string()
    };
    assert_eq!(
        fs::read_to_string(dir.path().join("Cargo.toml")).unwrap(),
        manifest.replace("'2.1'", &moved)
    );
    let second = migrate(&["--check"], &[&src]);
    assert_eq!(second.status.code(), Some(0), "{}", text(&second.stderr));
}
