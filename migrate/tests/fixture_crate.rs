//! The fixture crate `tests/crate` (written for workerpool 2.x) is built and run twice: as it is, against
//! `workerpool::v2` (what 2.x's API became), and migrated, against 3.x. Both must print the same results.
//! Builds offline against the workspace's `workerpool`, in their own target directory under `target/`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Copies what is in `from` into `to` (created if need be), recursively.
fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    let options = fs_extra::dir::CopyOptions::new()
        .content_only(true)
        .overwrite(true);
    fs_extra::dir::copy(from, to, &options).unwrap();
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(dir.join("src"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    out.sort();
    out
}

/// Runs `cargo <subcommand>` (words split at spaces) offline on the crate in `dir`, with the workspace's lock file, in a
/// target directory of its own under the workspace's `target/`.
fn cargo(subcommand: &str, dir: &Path, target: &str) -> Output {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    fs::copy(workspace.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    Command::new(env!("CARGO"))
        .args(subcommand.split_whitespace())
        .args(["--quiet", "--offline", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env(
            "CARGO_TARGET_DIR",
            workspace.join("target/migrate-fixture-crate").join(target),
        )
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap()
}

/// Builds and runs the crate in `dir`; returns its standard output. Each build has its own target directory:
/// cargo tells two path packages of the same name apart by name only, and could take one build for the other.
fn build_and_run(dir: &Path, target: &str) -> String {
    let output = cargo("run", dir, target);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{} failed to build or run:\n{stderr}",
        dir.display()
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_fixture_crate_prints_the_same_before_and_after_migration() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/crate");
    let library = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../workerpool")
        .canonicalize()
        .unwrap();
    let temp = tempfile::tempdir().unwrap();
    let (before, after) = (temp.path().join("before"), temp.path().join("after"));
    copy_dir(&fixture, &before);
    copy_dir(&fixture, &after);

    // Before: the 2.x code, pointed at workerpool::v2.
    let manifest = fs::read_to_string(before.join("Cargo.toml")).unwrap();
    let dependency = format!(
        "workerpool = {{ path = {:?}, features = [\"v2\"] }}\n\n[workspace]\n",
        library
    );
    fs::write(
        before.join("Cargo.toml"),
        manifest.replace("workerpool = \"2.1\"\n", &dependency),
    )
    .unwrap();
    for file in rust_files(&before) {
        let text = fs::read_to_string(&file).unwrap();
        fs::write(&file, text.replace("workerpool::", "workerpool::v2::")).unwrap();
    }

    // After: migrated by the tool, exactly as a user would run it.
    let run = Command::new(env!("CARGO_BIN_EXE_migrate"))
        .arg(after.join("src"))
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "migrate failed:\n{report}");
    assert!(
        report.contains(
            "main.rs:54:19: left on v2: the result of delegate is matched against Error::NoWorkers"
        ),
        "{report}"
    );
    assert!(
        report.contains("3 files changed, 3 pools migrated (18 sites), 1 pool left on v2"),
        "{report}"
    );
    let manifest = fs::read_to_string(after.join("Cargo.toml")).unwrap();
    let requirement = "workerpool = { version = \"3\", features = [\"v2\"] }\n";
    assert!(manifest.contains(requirement), "{manifest}");
    let dependency = format!(
        "workerpool = {{ version = \"3\", path = {:?}, features = [\"v2\"] }}\n\n[workspace]\n",
        library
    );
    fs::write(
        after.join("Cargo.toml"),
        manifest.replace(requirement, &dependency),
    )
    .unwrap();

    let (old, new) = (
        build_and_run(&before, "before"),
        build_and_run(&after, "after"),
    );
    assert_eq!(old, new);
    assert_eq!(
        new,
        "workers after one remove: 1\n\
         squares: [1, 4, 9, 16, 25, 36]\n\
         workers after removing all: 0\n\
         doubled: [0, 2, 4, 6, 8]\n\
         letters: 35\n\
         fails without workers: true\n"
    );
}

/// Fixtures that cannot compile on their own, and why.
const NOT_STANDALONE: [(&str, &str); 2] = [
    (
        "error_targets",
        "uses anyhow, which is not a dependency here",
    ),
    (
        "refuse_unknown_flow",
        "passes the pool to a crate that does not exist",
    ),
];

/// Builds a crate made of `files` as modules, against workerpool with the `v2` feature, and runs the `pub fn run()`
/// of every module that has one at its top level, then the modules' tests; returns what the `run`s returned, one
/// `name: {:?}` line each.
fn run_modules(dir: &Path, files: &[(String, String)], target: &str) -> String {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let library = workspace.join("workerpool");
    fs::create_dir_all(dir.join("src")).unwrap();
    fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"fixtures_{target}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [dependencies]\nworkerpool = {{ path = {library:?}, features = [\"v2\"] }}\n\
             anyhow = \"1\"\n\n[workspace]\n"
        ),
    )
    .unwrap();
    let mut main = String::from("#![allow(dead_code, unused, deprecated, unexpected_cfgs)]\n");
    let mut calls = String::new();
    for (name, text) in files {
        fs::write(dir.join("src").join(format!("{name}.rs")), text).unwrap();
        main.push_str(&format!("mod {name};\n"));
        if text.contains("\npub fn run()") {
            calls.push_str(&format!(
                "    println!(\"{name}: {{:?}}\", {name}::run());\n"
            ));
        }
    }
    main.push_str(&format!("fn main() {{\n{calls}}}\n"));
    fs::write(dir.join("src/main.rs"), main).unwrap();
    let output = cargo("run", dir, target);
    assert!(
        output.status.success(),
        "{target}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The modules' own tests (`#[cfg(test)]` code) must build and pass too.
    let tests = cargo("test", dir, target);
    assert!(
        tests.status.success(),
        "{target} tests: {}{}",
        String::from_utf8_lossy(&tests.stdout),
        String::from_utf8_lossy(&tests.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn every_fixture_compiles_and_runs_the_same_before_against_v2_and_after_against_3x() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut before = Vec::new();
    let mut after = Vec::new();
    let mut names: Vec<String> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| root.join(n).join("before.rs").is_file())
        .collect();
    names.sort();
    for name in names
        .iter()
        .filter(|n| !NOT_STANDALONE.iter().any(|(skip, _)| skip == n))
    {
        // Before: 2.x code, with its paths pointed at workerpool::v2 (what 2.x's API is in 3.x); a fixture that
        // already names workerpool::v2 (and 3.x beside it) compiles as it is.
        let original = fs::read_to_string(root.join(name).join("before.rs")).unwrap();
        let against_v2 = if original.contains("workerpool::v2") {
            original
        } else {
            original.replace("workerpool::", "workerpool::v2::")
        };
        before.push((name.clone(), against_v2));
        after.push((
            name.clone(),
            fs::read_to_string(root.join(name).join("after.rs")).unwrap(),
        ));
    }
    assert!(after.len() >= 20);
    let temp = tempfile::tempdir().unwrap();
    let old = run_modules(&temp.path().join("before"), &before, "v2");
    let new = run_modules(&temp.path().join("after"), &after, "v3");
    // Fixtures with a `pub fn run()` return the same before and after.
    assert_eq!(old, new);
    assert!(new.lines().count() >= 4, "{new}");
}
