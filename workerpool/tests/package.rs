//! The package could be published: `cargo package` passes, with every field crates.io shows.
//!
//! Runs `cargo package --no-verify` (it builds nothing: a few seconds) into a target folder of
//! its own. The full `cargo package`, which also builds the packaged crate offline, is in
//! `.ci/run`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs cargo on this package, with `target` as its target folder.
fn cargo(args: &[&str], target: &Path) -> Output {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    Command::new(env!("CARGO"))
        .args(args)
        .arg("--manifest-path")
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", target)
        .output()
        .expect("cargo runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn cargo_package_passes_without_a_warning_and_ships_the_code_and_readme() {
    let target = scratch("typed-workerpool-package");
    let out = cargo(
        &["package", "--no-verify", "--allow-dirty", "--offline"],
        &target,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "cargo package failed:\n{stderr}");
    // cargo warns of missing metadata, and of a test or bench left out of `include`.
    assert!(
        !stderr.contains("warning"),
        "cargo package warned:\n{stderr}"
    );
    let crate_file = target.join("package/typed-workerpool-3.0.0.crate");
    assert!(
        crate_file.is_file(),
        "cargo package wrote no {crate_file:?}"
    );

    let listed = cargo(
        &["package", "--list", "--allow-dirty", "--offline"],
        &target,
    );
    let files = String::from_utf8_lossy(&listed.stdout);
    let files: Vec<&str> = files.lines().collect();
    for needed in ["README.md", "Cargo.toml", "src/lib.rs", "src/pool.rs"] {
        assert!(
            files.contains(&needed),
            "{needed} is not packaged: {files:?}"
        );
    }
    assert!(
        files.iter().all(|f| !f.starts_with("target/")),
        "build output is packaged: {files:?}"
    );
    std::fs::remove_dir_all(&target).ok();
}

#[test]
fn the_manifest_has_every_field_crates_io_shows() {
    let target = scratch("typed-workerpool-metadata");
    let out = cargo(
        &[
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ],
        &target,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let package = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "typed-workerpool")
        .expect(
            "the library's package is typed-workerpool (crates.io's `workerpool` is another crate)",
        );
    let lib = package["targets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["kind"][0] == "lib")
        .unwrap();
    assert_eq!(lib["name"], "workerpool", "code says `use workerpool::`");
    for field in [
        "description",
        "documentation",
        "homepage",
        "repository",
        "readme",
        "license",
        "rust_version",
    ] {
        let value = package[field].as_str().unwrap_or_default();
        assert!(!value.is_empty(), "Cargo.toml has no `{field}`");
    }
    // The README (crates.io's page) and the crate docs (docs.rs's) say how to install it
    // and where the hosted book is.
    let name = package["name"].as_str().unwrap();
    let major = package["version"]
        .as_str()
        .unwrap()
        .split('.')
        .next()
        .unwrap();
    let book = format!("{}book/", package["homepage"].as_str().unwrap());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join(package["readme"].as_str().unwrap())).unwrap();
    let crate_docs = std::fs::read_to_string(root.join("src/lib.rs")).unwrap();
    for (file, text) in [("README.md", &readme), ("src/lib.rs", &crate_docs)] {
        assert!(
            text.contains(&format!("cargo add {name}@{major}")),
            "{file} gives no install line `cargo add {name}@{major}`"
        );
        assert!(
            text.contains(&book),
            "{file} does not link the hosted book, {book}"
        );
    }
    assert!(
        readme.contains(package["documentation"].as_str().unwrap()),
        "README.md does not link the API docs"
    );
    for field in ["keywords", "categories"] {
        let values = package[field].as_array().unwrap();
        assert!(
            (1..=5).contains(&values.len()),
            "crates.io takes 1 to 5 {field}: {values:?}"
        );
    }
    std::fs::remove_dir_all(&target).ok();
}
