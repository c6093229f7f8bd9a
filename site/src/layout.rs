//! Where the site's inputs and outputs live in the workspace.

use std::path::{Path, PathBuf};

/// The paths one build reads and writes. [`Layout::workspace`] gives the real ones; tests point
/// single fields elsewhere (a fixture book, a temporary output folder).
#[derive(Debug, Clone)]
pub struct Layout {
    /// The workspace root: the folder of the root `Cargo.toml`.
    pub root: PathBuf,
    /// The mdBook: the folder holding `book.toml`.
    pub book_dir: PathBuf,
    /// The benchmark summary that `bench-report` writes and commits.
    pub summary: PathBuf,
    /// The coverage summary that the coverage command writes and commits.
    pub coverage: PathBuf,
    /// Where the finished site goes.
    pub dist: PathBuf,
    /// Scratch space: the API docs' cargo target folder and the site while it is being built.
    pub work_dir: PathBuf,
}

impl Layout {
    /// The layout of this workspace: it is found from where this crate was compiled, so the
    /// build works from any current directory.
    pub fn workspace() -> Layout {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the site crate lies inside the workspace")
            .to_path_buf();
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .map(|dir| {
                if dir.is_relative() {
                    root.join(dir)
                } else {
                    dir
                }
            })
            .unwrap_or_else(|| root.join("target"));
        Layout {
            book_dir: root.join("book"),
            summary: root.join(SUMMARY_PATH),
            coverage: root.join(COVERAGE_PATH),
            dist: root.join("site").join("dist"),
            work_dir: target.join("site"),
            root,
        }
    }

    /// `path` relative to the workspace root when it lies inside it, for messages.
    pub fn shown<'a>(&self, path: &'a Path) -> std::path::Display<'a> {
        path.strip_prefix(&self.root).unwrap_or(path).display()
    }
}

/// Where `bench-report` writes its summary, relative to the workspace root.
pub const SUMMARY_PATH: &str = "book/src/performance/summary.json";
/// Where the coverage command writes its summary, relative to the workspace root.
pub const COVERAGE_PATH: &str = "coverage/workerpool.json";
