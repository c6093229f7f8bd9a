//! Asking git (the command-line tool) whether files have uncommitted changes.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Files among `files` that have uncommitted changes (modified, staged or untracked) in their git work tree.
/// Files outside a work tree, or on a machine without git, have none.
pub fn dirty(files: &[PathBuf]) -> Vec<PathBuf> {
    files.iter().filter(|f| is_dirty(f)).cloned().collect()
}

fn is_dirty(file: &Path) -> bool {
    let dir = file
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let Some(name) = file.file_name() else {
        return false;
    };
    let output = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["status", "--porcelain", "--"])
        .arg(name)
        .output();
    match output {
        Ok(o) if o.status.success() => !o.stdout.is_empty(),
        _ => false,
    }
}
