//! Reading a committed data file the pages show, one way for all of them: a missing or malformed
//! file stops the build with an error naming it and the command that writes it.

use crate::Layout;
use anyhow::{Context, Result, bail};
use serde::de::DeserializeOwned;
use std::path::Path;

/// One data file and what to tell a reader about it.
#[derive(Debug, Clone, Copy)]
pub struct DataFile<'a> {
    /// Where it is.
    pub path: &'a Path,
    /// What the site takes from it, for the "missing" error, such as "the landing page shows
    /// the test coverage it holds".
    pub used_for: &'a str,
    /// The command that writes it, and what that command does, such as "`.ci/coverage` (it
    /// measures the tests' coverage)".
    pub written_by: &'a str,
}

impl DataFile<'_> {
    /// Reads and parses the file as `T`, then checks it with `validate`.
    ///
    /// ```
    /// # let dir = tempfile::tempdir().unwrap();
    /// # let layout = site::Layout::find(env!("CARGO_MANIFEST_DIR").as_ref()).unwrap();
    /// let file = site::data_file::DataFile {
    ///     path: &dir.path().join("gone.json"),
    ///     used_for: "the page shows it",
    ///     written_by: "`make-it`",
    /// };
    /// let error = file.load::<u32>(&layout, |_| Ok(())).unwrap_err().to_string();
    /// assert!(error.contains("gone.json is missing: the page shows it. Write it with `make-it`"));
    /// ```
    pub fn load<T: DeserializeOwned>(
        &self,
        layout: &Layout,
        validate: impl FnOnce(&T) -> Result<()>,
    ) -> Result<T> {
        let shown = layout.shown(self.path);
        let rerun = format!("Write it with {} and commit it.", self.written_by);
        let text = match std::fs::read_to_string(self.path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                bail!("{shown} is missing: {}. {rerun}", self.used_for)
            }
            Err(error) => return Err(error).with_context(|| format!("could not read {shown}")),
        };
        let value: T = serde_json::from_str(&text)
            .with_context(|| format!("{shown} is malformed. {rerun}"))?;
        validate(&value).with_context(|| format!("{shown} is malformed. {rerun}"))?;
        Ok(value)
    }
}
