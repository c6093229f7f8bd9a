//! Finding the `.rs` files under the given paths, and the crate (Cargo.toml) each belongs to.

pub mod targets;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The files to migrate, grouped by the directory of the Cargo.toml beside or above them (None: no manifest).
pub type Crates = BTreeMap<Option<PathBuf>, Vec<PathBuf>>;

/// A path given on the command line that cannot be used.
#[derive(Debug)]
pub struct BadPath {
    /// The path as given.
    pub path: PathBuf,
    /// What is wrong, and what to do.
    pub reason: String,
}

/// Walks `paths`: `.rs` files under directories (respecting .gitignore, hidden files and skipping `target/`), and
/// files given by name. Returns the files by crate, and the paths that could not be used.
pub fn discover(paths: &[PathBuf]) -> (Crates, Vec<BadPath>) {
    let mut crates = Crates::new();
    let mut bad = Vec::new();
    let mut files = Vec::new();
    for path in paths {
        if !path.exists() {
            bad.push(BadPath {
                path: path.clone(),
                reason: "no such file or directory; give a crate's src/ directory or .rs files"
                    .into(),
            });
        } else if path.is_dir() {
            let walker = ignore::WalkBuilder::new(path)
                .require_git(false)
                .filter_entry(|e| e.file_name() != "target")
                .build();
            for entry in walker {
                match entry {
                    Ok(e)
                        if e.file_type().is_some_and(|t| t.is_file())
                            && e.path().extension().is_some_and(|x| x == "rs") =>
                    {
                        files.push(e.into_path());
                    }
                    Ok(_) => {}
                    Err(e) => bad.push(BadPath {
                        path: path.clone(),
                        reason: format!("cannot walk it: {e}"),
                    }),
                }
            }
        } else if path.extension().is_some_and(|x| x == "rs") {
            files.push(path.clone());
        } else {
            bad.push(BadPath {
                path: path.clone(),
                reason: "not a .rs file or a directory: give the package's directory or the .rs files and directories to migrate (`migrate src/`)".into(),
            });
        }
    }
    files.sort();
    // One file under two spellings (`src/main.rs`, `src/../src/main.rs`) is one file, known by its first.
    let mut seen = std::collections::BTreeSet::new();
    files.retain(|f| seen.insert(f.canonicalize().unwrap_or_else(|_| f.clone())));
    for file in files {
        crates.entry(crate_root(&file)).or_default().push(file);
    }
    (crates, bad)
}

/// The nearest directory at or above `file`'s that holds a Cargo.toml.
fn crate_root(file: &Path) -> Option<PathBuf> {
    let absolute = file
        .canonicalize()
        .or_else(|_| std::path::absolute(file))
        .ok()?;
    let mut dirs = absolute.parent()?.ancestors();
    dirs.find(|d| d.join("Cargo.toml").is_file())
        .map(Path::to_path_buf)
}
