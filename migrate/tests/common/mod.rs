//! Helpers the command-line tests share: running the binary, and 2.x crates in temporary directories.

// Each test binary uses some of these.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub const V2_SOURCE: &str = "use workerpool::{Pool, Worker};\n\nfn main() {\n    let pool = Pool::new(1);\n    \
    pool.add_worker(&Worker::new(|n: u64| println!(\"{n}\"))).unwrap();\n    pool.delegate(1u64).unwrap();\n}\n";

pub const V3_SOURCE: &str = "use workerpool::Pool;\n\nfn main() {\n    let pool = Pool::<u64>::new(1);\n    \
    pool.add_worker(|n: u64| println!(\"{n}\"));\n    pool.delegate(1u64).unwrap();\n}\n";

pub fn migrate(args: &[&str], paths: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_migrate"))
        .args(args)
        .args(paths)
        .env(
            "CARGO_TARGET_DIR",
            workspace().join("target/migrate-fixture-crate/cli"),
        )
        .env("CARGO_NET_OFFLINE", "true")
        .output()
        .unwrap()
}

pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A crate in a temporary directory: Cargo.toml asking for `requirement`, and src/main.rs.
pub fn krate(requirement: &str, main: &str) -> tempfile::TempDir {
    named_crate("demo", requirement, main)
}

/// Like `krate`, named `name` (crates built in one target directory need distinct names: cargo tells path
/// packages apart by name, not by directory).
pub fn named_crate(name: &str, requirement: &str, main: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("src")).unwrap();
    fs::write(
        dir.path().join("Cargo.toml"),
        format!("[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nworkerpool = {requirement}\n"),
    )
    .unwrap();
    fs::write(dir.path().join("src/main.rs"), main).unwrap();
    dir
}

/// The value migrate writes for a plain 2.x requirement written as a string: `"3"`, with the `v2` feature when
/// `v2`, and `package = ".."` when the library's published name is not `workerpool` (`migrate::manifest::PACKAGE`).
pub fn requirement_3(v2: bool) -> String {
    let package = &migrate::manifest::PACKAGE;
    let mut fields = Vec::new();
    if package.renamed() {
        fields.push(format!("package = \"{}\"", package.name()));
    }
    fields.push("version = \"3\"".to_string());
    if v2 {
        fields.push("features = [\"v2\"]".to_string());
    }
    match fields.len() {
        1 => "\"3\"".to_string(),
        _ => format!("{{ {} }}", fields.join(", ")),
    }
}

/// Writes `dir/.cargo/config.toml`, which makes `workerpool = "2"` the tests' copy of 2.1 and `"3"` the workspace's
/// library, offline (tests/v2-shim/config.toml; the book's tests use it too).
pub fn patch_workerpool(dir: &Path) {
    let shim = workspace().join("migrate/tests/v2-shim");
    let config = fs::read_to_string(shim.join("config.toml"))
        .unwrap()
        .replace("{shim}", &shim.display().to_string())
        .replace(
            "{library}",
            &workspace().join("workerpool").display().to_string(),
        )
        .replace("{package}", migrate::manifest::PACKAGE.name());
    fs::create_dir_all(dir.join(".cargo")).unwrap();
    fs::write(dir.join(".cargo/config.toml"), config).unwrap();
    fs::copy(workspace().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
}

/// A package of the one file `file` (written with `text`) at its root: its binary when the file has a top-level
/// `fn main`, else its library; named `name` (distinct per package, see `named_crate`), asking for `workerpool = "2"`
/// (3 with the `v2` feature when the code names `workerpool::v2` already) and anyhow, set up by `patch_workerpool` to
/// build offline. The file keeps its name, so a report names it so.
pub fn file_package(name: &str, file: &str, text: &[u8]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let code = String::from_utf8_lossy(text);
    let is_bin = code.lines().any(|l| l.starts_with("fn main("));
    let requirement = match code.contains("workerpool::v2") {
        true => requirement_3(true),
        false => "\"2\"".to_string(),
    };
    let target = if is_bin { "[[bin]]" } else { "[lib]" };
    fs::write(
        dir.path().join("Cargo.toml"),
        format!(
            "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n{target}\nname = \"{name}\"\n\
             path = \"{file}\"\n\n[dependencies]\nworkerpool = {requirement}\nanyhow = \"1\"\n"
        ),
    )
    .unwrap();
    fs::write(dir.path().join(file), text).unwrap();
    patch_workerpool(dir.path());
    dir
}

/// Runs the migrate binary in `dir` (as a user would, from the package's directory) with `args`, its checks in
/// `target` (a shared target directory builds the dependencies once), offline.
pub fn migrate_in(dir: &Path, args: &[&str], target: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_migrate"))
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_NET_OFFLINE", "true")
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap()
}

/// `cargo check --all-targets --offline` on the package in `dir`, in `target`: what it printed when it fails.
pub fn cargo_check(dir: &Path, target: &Path) -> Result<(), String> {
    let out = Command::new(env!("CARGO"))
        .args(["check", "--all-targets", "--offline", "--quiet"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    match out.status.success() {
        true => Ok(()),
        false => Err(text(&out.stderr)),
    }
}

/// A crate asking for `workerpool = "2"` that builds offline before migration and after (see `patch_workerpool`).
pub fn local_crate(name: &str, main: &str) -> tempfile::TempDir {
    let dir = named_crate(name, "\"2\"", main);
    patch_workerpool(dir.path());
    dir
}

/// How many names the code imports from or writes under `workerpool::v2` (`v2::{Pool, Worker}` counts two),
/// comments left out.
pub fn names_on_v2(code: &str) -> usize {
    let code: String = code
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    code.match_indices("v2::")
        .map(|(i, m)| {
            let rest = &code[i + m.len()..];
            match rest.strip_prefix('{') {
                Some(list) => list[..list.find('}').expect("a closed list")]
                    .split(',')
                    .filter(|item| !item.trim().is_empty())
                    .count(),
                None => 1,
            }
        })
        .sum()
}

/// The number in the text summary's "(N places name workerpool::v2)", 0 when it is not there.
pub fn places_on_v2(report: &str) -> usize {
    let summary = report
        .lines()
        .find(|l| l.starts_with("summary: "))
        .expect("a summary");
    match summary.find(" place") {
        Some(end) => {
            let start = summary[..end].rfind('(').expect("an opening parenthesis") + 1;
            summary[start..end].parse().expect("a count")
        }
        None => 0,
    }
}

/// Every file under `dir`, relative to it, sorted; what the tests add at its top (the cargo config and lock file
/// of [`patch_workerpool`], a target directory) is left out.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.parent() == Some(base) && [".cargo", "Cargo.lock", "target"].contains(&name) {
                continue;
            }
            if path.is_dir() {
                walk(&path, base, out);
            } else {
                out.push(path.strip_prefix(base).unwrap().to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}
