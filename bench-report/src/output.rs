//! Writes the generated files whole: each goes to a temporary file beside it, then replaces the old one.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// Writes every `(path, contents)`, creating directories. A file is either its old self or its new self,
/// never half-written; a file whose contents are unchanged is not touched.
pub fn write_all(files: &[(PathBuf, Vec<u8>)]) -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for (path, contents) in files {
        if std::fs::read(path).is_ok_and(|old| &old == contents) {
            continue;
        }
        write_one(path, contents)?;
        written.push(path.clone());
    }
    Ok(written)
}

fn write_one(path: &Path, contents: &[u8]) -> Result<()> {
    let fail = |source: std::io::Error| Error::Write {
        path: path.to_owned(),
        source,
    };
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(fail)?;
    let mut temporary = tempfile::NamedTempFile::new_in(dir).map_err(fail)?;
    temporary.write_all(contents).map_err(fail)?;
    // A temporary file is private; the generated file gets the old file's permissions, or the usual ones.
    let permissions = match std::fs::metadata(path) {
        Ok(old) => old.permissions(),
        Err(_) => usual_permissions(),
    };
    temporary
        .as_file()
        .set_permissions(permissions)
        .map_err(fail)?;
    temporary.as_file().sync_all().map_err(fail)?;
    temporary.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

#[cfg(unix)]
fn usual_permissions() -> std::fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    std::fs::Permissions::from_mode(0o644)
}

#[cfg(not(unix))]
fn usual_permissions() -> std::fs::Permissions {
    let mut permissions = std::fs::metadata(".")
        .map(|m| m.permissions())
        .expect("the current directory exists");
    permissions.set_readonly(false);
    permissions
}
