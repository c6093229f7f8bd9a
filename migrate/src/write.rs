//! Writing files atomically (a temporary file beside each, then a rename, keeping its permissions), and keeping
//! what they held before, to put it back.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Replaces the contents of `path` with `contents` in one step: readers see the old file or the new one, never a
/// half-written one.
pub fn atomic_write(path: &Path, contents: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut temp = tempfile::Builder::new()
        .prefix(".migrate-")
        .tempfile_in(dir)?;
    temp.write_all(contents)?;
    temp.as_file().sync_all()?;
    if let Ok(meta) = std::fs::metadata(path) {
        temp.as_file().set_permissions(meta.permissions())?;
    }
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// The files a run wrote, with their text before it, to put back or to write again with other contents.
#[derive(Debug, Default)]
pub struct Written {
    /// path -> (text before the run, text on disk now).
    files: BTreeMap<PathBuf, (String, String)>,
}

impl Written {
    /// Makes `path` (whose text before the run is `before`) hold `text`, writing only when that changes it.
    pub fn put(&mut self, path: &Path, before: &str, text: &str) -> io::Result<()> {
        let now = self.files.get(path).map_or(before, |f| f.1.as_str());
        if now == text {
            return Ok(());
        }
        atomic_write(path, text.as_bytes())?;
        self.files
            .entry(path.to_path_buf())
            .or_insert_with(|| (before.to_string(), String::new()))
            .1 = text.to_string();
        Ok(())
    }

    /// Each file written, with its text before the run.
    pub fn originals(&self) -> Vec<(PathBuf, String)> {
        self.files
            .iter()
            .map(|(path, (before, _))| (path.clone(), before.clone()))
            .collect()
    }

    /// Puts back every file written; returns those that could not be.
    pub fn restore(&mut self) -> Vec<(PathBuf, io::Error)> {
        let mut failed = Vec::new();
        for (path, (before, now)) in &mut self.files {
            if before != now {
                match atomic_write(path, before.as_bytes()) {
                    Ok(()) => *now = before.clone(),
                    Err(e) => failed.push((path.clone(), e)),
                }
            }
        }
        failed
    }

    /// Files whose text differs from before the run.
    pub fn changed(&self) -> usize {
        self.files.values().filter(|(b, n)| b != n).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_writes_only_changes_and_restore_puts_back_the_text_before() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.rs");
        std::fs::write(&path, "old").unwrap();
        let mut written = Written::default();
        written.put(&path, "old", "old").unwrap();
        assert_eq!(written.changed(), 0);
        written.put(&path, "old", "new").unwrap();
        written.put(&path, "old", "newer").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "newer");
        assert_eq!(written.changed(), 1);
        assert!(written.restore().is_empty());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(written.changed(), 0);
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file is left beside it");
    }
}
