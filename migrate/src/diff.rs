//! Unified diffs of the changes, for `--diff`.

use std::path::Path;

/// The unified diff (3 lines of context) from `old` to `new` for `path`: headed `a/PATH` and `b/PATH` for a relative
/// path (as git prints them, for `git apply` or `patch -p1`), and the path itself for an absolute one.
pub fn unified(path: &Path, old: &str, new: &str) -> String {
    let name = path.display().to_string();
    let (from, to) = if path.is_absolute() {
        (name.clone(), name)
    } else {
        (format!("a/{name}"), format!("b/{name}"))
    };
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&from, &to)
        .to_string()
}
