//! Unified diffs of the changes, for `--diff`.

use std::path::Path;

/// The unified diff (3 lines of context) from `old` to `new` for `path`.
pub fn unified(path: &Path, old: &str, new: &str) -> String {
    let name = path.display().to_string();
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}
