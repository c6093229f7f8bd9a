//! Where the site's inputs and outputs live in the workspace.

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

/// The paths one build reads and writes. [`Layout::current`] gives the real ones; tests point
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
    /// The layout of the workspace around the current directory, found as cargo finds it.
    ///
    /// Never where this binary was compiled: with a shared target directory, cargo runs a
    /// binary built from another clone, and the site must still be this checkout's.
    pub fn current() -> Result<Layout> {
        let here = std::env::current_dir().context("could not read the current directory")?;
        Layout::find(&here)
    }

    /// The layout of the workspace at or above `start`: the nearest folder whose `Cargo.toml`
    /// has a `[workspace]` table, as cargo looks for it.
    ///
    /// ```
    /// let layout = site::Layout::find(env!("CARGO_MANIFEST_DIR").as_ref()).unwrap();
    /// assert!(layout.root.join("Cargo.toml").is_file());
    /// assert_eq!(layout.book_dir, layout.root.join("book"));
    /// ```
    pub fn find(start: &Path) -> Result<Layout> {
        let start = std::path::absolute(start)
            .with_context(|| format!("could not make {} absolute", start.display()))?;
        for dir in start.ancestors() {
            let manifest = dir.join("Cargo.toml");
            if manifest.is_file() && is_workspace_manifest(&manifest)? {
                return Ok(Layout::at(dir, &start));
            }
        }
        bail!(
            "{} is not inside a cargo workspace: no Cargo.toml with a [workspace] table in it or \
             any folder above it. Run the site from a checkout of workerpool (its root or any folder in it).",
            start.display()
        )
    }

    /// The layout of the workspace at `root`; a relative `CARGO_TARGET_DIR` counts from `cwd`,
    /// as cargo counts it.
    fn at(root: &Path, cwd: &Path) -> Layout {
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .filter(|dir| !dir.is_empty())
            .map_or_else(|| root.join("target"), |dir| cwd.join(dir));
        Layout {
            book_dir: root.join("book"),
            summary: root.join(SUMMARY_PATH),
            coverage: root.join(COVERAGE_PATH),
            dist: root.join("site").join("dist"),
            work_dir: target.join("site"),
            root: root.to_path_buf(),
        }
    }

    /// `path` relative to the workspace root when it lies inside it, for messages.
    pub fn shown<'a>(&self, path: &'a Path) -> std::path::Display<'a> {
        path.strip_prefix(&self.root).unwrap_or(path).display()
    }
}

/// Whether the manifest at `path` declares a workspace (a package's own manifest does not).
fn is_workspace_manifest(path: &Path) -> Result<bool> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("could not read {}", path.display()))?;
    let manifest: toml::Table = toml::from_str(&text)
        .with_context(|| format!("{} is not valid TOML: fix it first", path.display()))?;
    Ok(manifest.contains_key("workspace"))
}

/// Where `bench-report` writes its summary, relative to the workspace root.
pub const SUMMARY_PATH: &str = "book/src/performance/summary.json";
/// Where the coverage command writes its summary, relative to the workspace root.
pub const COVERAGE_PATH: &str = "coverage/workerpool.json";

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn the_nearest_workspace_manifest_wins_over_package_manifests_below_it() {
        let dir = tempfile::tempdir().unwrap();
        write(
            &dir.path().join("Cargo.toml"),
            "[workspace]\nmembers = [\"a\"]\n",
        );
        write(
            &dir.path().join("a/Cargo.toml"),
            "[package]\nname = \"a\"\n",
        );
        let deep = dir.path().join("a/src/deep");
        std::fs::create_dir_all(&deep).unwrap();
        let layout = Layout::find(&deep).unwrap();
        assert_eq!(layout.root, dir.path());
        assert_eq!(layout.summary, dir.path().join(SUMMARY_PATH));
    }

    #[test]
    fn outside_any_workspace_the_error_says_where_to_run_it() {
        let dir = tempfile::tempdir().unwrap();
        write(
            &dir.path().join("Cargo.toml"),
            "[package]\nname = \"alone\"\n",
        );
        let error = Layout::find(dir.path()).unwrap_err().to_string();
        assert!(
            error.contains("not inside a cargo workspace") && error.contains("Run the site from"),
            "{error}"
        );
    }

    #[test]
    fn a_broken_manifest_on_the_way_up_is_named() {
        let dir = tempfile::tempdir().unwrap();
        write(&dir.path().join("Cargo.toml"), "[workspace\n");
        let error = format!("{:#}", Layout::find(dir.path()).unwrap_err());
        assert!(error.contains("is not valid TOML"), "{error}");
    }
}
