//! The JSON files a suite writes beside criterion's results, one per bench binary:
//! `<criterion dir>/<kind>/<binary>.json` = `{ "version": 1, "benchmarks": { "<id>": {…} } }`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::error::{Error, Result};

/// The format version these readers understand.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SuiteFile<T> {
    version: u32,
    benchmarks: HashMap<String, T>,
}

/// Reads every `*.json` in `dir` (none if `dir` does not exist), in file-name order. `what` names the
/// kind of file in errors ("an allocation-count file"); `check` says what is wrong with one entry.
/// A corrupt file or entry is an error naming the file, with `rerun_hint`.
pub fn read<T: DeserializeOwned>(
    dir: &Path,
    what: &str,
    rerun_hint: &str,
    check: impl Fn(&T) -> Option<String>,
) -> Result<HashMap<String, T>> {
    let mut entries = HashMap::new();
    let Ok(listing) = std::fs::read_dir(dir) else {
        return Ok(entries);
    };
    let mut files: Vec<PathBuf> = listing
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    for path in files {
        let fail = |reason: String| Error::ResultsFile {
            path: path.clone(),
            reason,
            hint: rerun_hint.to_owned(),
        };
        let text = std::fs::read_to_string(&path).map_err(|e| fail(e.to_string()))?;
        let file: SuiteFile<T> =
            serde_json::from_str(&text).map_err(|e| fail(format!("it is not {what} ({e})")))?;
        if file.version != FORMAT_VERSION {
            return Err(fail(format!(
                "its format version is {}, this bench-report reads version {FORMAT_VERSION}",
                file.version
            )));
        }
        for (id, entry) in file.benchmarks {
            if let Some(problem) = check(&entry) {
                return Err(fail(format!("`{id}`: {problem}")));
            }
            entries.insert(id, entry);
        }
    }
    Ok(entries)
}
