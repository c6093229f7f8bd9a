//! `--verify`: running `cargo check` on the crate after rewriting it.

use std::path::Path;
use std::process::Command;

/// Runs `cargo check --all-targets` for the crate whose Cargo.toml is in `root` (cargo's output goes to stderr).
/// Returns whether it passed, or why it could not run.
pub fn cargo_check(root: &Path) -> Result<bool, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["check", "--all-targets", "--manifest-path"])
        .arg(root.join("Cargo.toml"))
        .stdout(std::process::Stdio::null())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    Ok(status.success())
}
