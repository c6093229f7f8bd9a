//! The site, built once per test binary from a clean state, for the tests to look at.
// Each test binary includes this module and uses only part of it.
#![allow(dead_code)]

use site::{Built, Layout};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The workspace layout, with the tests' own output folders, and the committed data files or,
/// where one is not committed yet, its fixture (said on stderr).
pub fn test_layout(name: &str) -> Layout {
    let workspace = Layout::find(&workspace_root()).expect("the tests run inside the workspace");
    let scratch = workspace.root.join("target").join("site-test").join(name);
    let fixture = |real: &Path, file: &str| -> PathBuf {
        if real.exists() {
            real.to_path_buf()
        } else {
            eprintln!(
                "note: {} is not there yet; the tests use tests/fixtures/{file}",
                real.display()
            );
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures")
                .join(file)
        }
    };
    Layout {
        book_dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/book"),
        summary: fixture(&workspace.summary, "performance/summary.json"),
        coverage: fixture(&workspace.coverage, "coverage.json"),
        dist: scratch.join("dist"),
        work_dir: scratch.join("work"),
        ..workspace
    }
}

/// The site built from a clean state: no output or scratch folder left from an earlier run.
pub fn built_site() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(|| {
        let layout = test_layout("shared");
        let scratch = layout
            .dist
            .parent()
            .expect("the test layout has a scratch folder");
        if scratch.exists() {
            std::fs::remove_dir_all(scratch).expect("the scratch folder can be cleared");
        }
        match site::build(&layout) {
            Ok(built) => built,
            Err(error) => panic!("the site does not build: {error:#}"),
        }
    })
}

/// The root of the workspace these tests belong to.
pub fn workspace_root() -> PathBuf {
    Layout::find(Path::new(env!("CARGO_MANIFEST_DIR")))
        .expect("the tests run inside the workspace")
        .root
}
