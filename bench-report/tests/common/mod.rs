//! Fixtures and helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use bench_report::{Options, RunPolicy};

/// The fixtures directory.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The files criterion 0.8.2 wrote.
pub fn criterion_fixture() -> PathBuf {
    fixtures().join("criterion-0.8.2")
}

/// Copies what is in `from` into `to` (created if need be), recursively, replacing files
/// of the same name.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    let options = fs_extra::dir::CopyOptions::new()
        .content_only(true)
        .overwrite(true);
    fs_extra::dir::copy(from, to, &options).unwrap();
}

/// A scratch project: the criterion fixture (with the made-up library's allocation counts) under
/// `criterion/`, and `page.toml` with the given text.
pub struct Project {
    pub dir: tempfile::TempDir,
}

impl Project {
    pub fn new(page: &str) -> Project {
        let dir = tempfile::tempdir().unwrap();
        copy_dir(&criterion_fixture(), &dir.path().join("criterion"));
        copy_dir(
            &fixtures().join("made-up-allocations"),
            &dir.path().join("criterion/allocations"),
        );
        std::fs::write(dir.path().join("page.toml"), page).unwrap();
        Project { dir }
    }

    /// The made-up library's page.
    pub fn made_up() -> Project {
        Project::new(&std::fs::read_to_string(fixtures().join("made-up-page.toml")).unwrap())
    }

    pub fn path(&self, relative: &str) -> PathBuf {
        self.dir.path().join(relative)
    }

    pub fn options(&self, run: RunPolicy) -> Options {
        Options {
            page: self.path("page.toml"),
            criterion_dir: Some(self.path("criterion")),
            run,
            machine: None,
        }
    }

    pub fn read(&self, relative: &str) -> String {
        std::fs::read_to_string(self.path(relative))
            .unwrap_or_else(|e| panic!("cannot read {relative}: {e}"))
    }
}

/// A page with one section comparing two series, `a` and `b`, on the given benchmark ids.
pub fn two_series_page(a: &str, b: &str) -> String {
    format!(
        r#"
title = "Two"
[output]
markdown = "out/page.md"
charts = "out/charts"
[[sections]]
id = "pair"
title = "Pair"
caption = "Time, lower is better"
series = [{{ id = "a", label = "A" }}, {{ id = "b", label = "B" }}]
candidate = "b"
baseline = "a"
scenarios = [{{ label = "only", benchmarks = {{ a = "{a}", b = "{b}" }} }}]
"#
    )
}
