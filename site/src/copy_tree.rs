//! Copying a folder with everything in it: the one recursive copy the site uses.

use anyhow::{Context, Result};
use std::fs;
use std::path::Path;

/// Copies the folder `from` into `to` (created if need be), every file and folder in it for
/// which `keep` is true; a folder left out is left out with its contents.
///
/// ```
/// let from = tempfile::tempdir().unwrap();
/// std::fs::create_dir_all(from.path().join("a")).unwrap();
/// std::fs::write(from.path().join("a/kept.txt"), "x").unwrap();
/// std::fs::write(from.path().join("a/.lock"), "").unwrap();
/// let to = tempfile::tempdir().unwrap();
/// site::copy_tree::copy_tree(from.path(), to.path(), |entry| entry.file_name() != ".lock").unwrap();
/// assert!(to.path().join("a/kept.txt").is_file());
/// assert!(!to.path().join("a/.lock").exists());
/// ```
pub fn copy_tree(from: &Path, to: &Path, keep: impl Fn(&walkdir::DirEntry) -> bool) -> Result<()> {
    let entries = walkdir::WalkDir::new(from)
        .into_iter()
        .filter_entry(|entry| entry.depth() == 0 || keep(entry));
    for entry in entries {
        let entry = entry.with_context(|| format!("could not read {}", from.display()))?;
        let target = to.join(entry.path().strip_prefix(from)?);
        if entry.file_type().is_dir() {
            fs::create_dir_all(&target)
        } else {
            fs::copy(entry.path(), &target).map(drop)
        }
        .with_context(|| {
            format!(
                "could not copy {} to {}",
                entry.path().display(),
                target.display()
            )
        })?;
    }
    Ok(())
}
