//! The one place migrate runs cargo: `cargo check --all-targets --message-format=json` on a package, timed, with
//! the compiler's messages parsed (spans, codes, labels, rendered text).

use std::ffi::OsString;
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub use cargo_metadata::Message;
pub use cargo_metadata::diagnostic::{Diagnostic, DiagnosticLevel, DiagnosticSpan};

/// What to check, and how.
#[derive(Debug, Clone, Default)]
pub struct Request {
    /// The package's Cargo.toml.
    pub manifest: PathBuf,
    /// Where cargo builds (`CARGO_TARGET_DIR`); cargo's own choice when `None`.
    pub target_dir: Option<PathBuf>,
    /// More variables for cargo's environment (`CARGO_NET_OFFLINE=true`, ...).
    pub env: Vec<(OsString, OsString)>,
}

impl Request {
    /// Checks the package whose Cargo.toml is `manifest`, in cargo's own target directory.
    pub fn new(manifest: impl Into<PathBuf>) -> Request {
        Request {
            manifest: manifest.into(),
            ..Request::default()
        }
    }
}

/// What one `cargo check` found.
#[derive(Debug, Clone)]
pub struct Checked {
    /// Whether cargo passed.
    pub success: bool,
    /// The compiler's messages (errors, warnings), in the order cargo printed them, without duplicates.
    pub diagnostics: Vec<Diagnostic>,
    /// What cargo printed on stderr (its own errors, such as a manifest it cannot read, are only there).
    pub stderr: String,
    /// How long cargo ran.
    pub duration: Duration,
    /// The directory the messages' file names are relative to (the package's workspace root).
    pub root: PathBuf,
}

impl Checked {
    /// A check whose messages are `diagnostics` (rustc's JSON, as recorded for a test), of a package at `/p`.
    #[cfg(test)]
    pub fn recorded(success: bool, diagnostics: serde_json::Value) -> Checked {
        Checked {
            success,
            diagnostics: serde_json::from_value(diagnostics).expect("rustc's diagnostics"),
            stderr: String::new(),
            duration: Duration::ZERO,
            root: PathBuf::from("/p"),
        }
    }

    /// The compiler's errors, in order.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|d| matches!(d.level, DiagnosticLevel::Error | DiagnosticLevel::Ice))
    }

    /// The first error, as a person reads it: `src/main.rs:18:16: error[E0308]: mismatched types (expected `u64`,
    /// found `u32`)`; cargo's own error when the compiler gave none; `None` when cargo passed.
    pub fn first_error(&self) -> Option<String> {
        if self.success {
            return None;
        }
        let Some(error) = self
            .errors()
            .find(|d| !d.spans.is_empty())
            .or(self.errors().next())
        else {
            let cargo = self
                .stderr
                .lines()
                .find(|l| l.starts_with("error"))
                .unwrap_or("cargo check failed");
            return Some(cargo.trim().to_string());
        };
        let code = error
            .code
            .as_ref()
            .map_or(String::new(), |c| format!("[{}]", c.code));
        let mut text = format!("error{code}: {}", error.message);
        if let Some(span) = primary_span(error) {
            text = format!(
                "{}:{}:{}: {text}",
                span.file_name, span.line_start, span.column_start
            );
            if let Some(label) = span.label.as_deref().filter(|l| !l.is_empty()) {
                text.push_str(&format!(" ({label})"));
            }
        }
        Some(text)
    }

    /// The path of the file a span of these messages is in.
    pub fn path_of(&self, span: &DiagnosticSpan) -> PathBuf {
        self.root.join(&span.file_name)
    }
}

/// The span the compiler points at for `diagnostic` (the first primary one).
pub fn primary_span(diagnostic: &Diagnostic) -> Option<&DiagnosticSpan> {
    diagnostic
        .spans
        .iter()
        .find(|s| s.is_primary)
        .or(diagnostic.spans.first())
}

/// Runs `cargo check --all-targets --message-format=json` as `request` says, calling `on_message` with each of
/// cargo's messages as it comes (for progress). `$CARGO` names the cargo to run (cargo sets it for the tools it
/// runs), `cargo` on the `PATH` when unset. Errs when cargo cannot run or is stopped by a signal: that is no verdict
/// on the code.
pub fn cargo_check(
    request: &Request,
    on_message: &mut dyn FnMut(&Message),
) -> Result<Checked, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let manifest = std::path::absolute(&request.manifest)
        .map_err(|e| format!("cannot find {}: {e}", request.manifest.display()))?;
    let mut command = Command::new(cargo);
    // From the package's directory, as its user runs cargo: its .cargo/config.toml applies.
    command
        .current_dir(manifest.parent().unwrap_or(Path::new("/")))
        // `--keep-going`: cargo stops starting targets at the first that fails, so which of two binaries is checked
        // would depend on which finished first; every target's errors are wanted (in a probe they are the answers).
        .args([
            "check",
            "--all-targets",
            "--keep-going",
            "--message-format=json",
            "--manifest-path",
        ])
        .arg(&manifest)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = &request.target_dir {
        command.env("CARGO_TARGET_DIR", dir);
    }
    command.envs(request.env.iter().map(|(k, v)| (k, v)));
    let started = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let mut stderr_pipe = child.stderr.take().expect("stderr is piped");
    // Read stderr beside stdout, so that neither pipe fills up and blocks cargo.
    let stderr_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr_pipe.read_to_string(&mut text);
        text
    });
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let stdout = child.stdout.take().expect("stdout is piped");
    for message in Message::parse_stream(BufReader::new(stdout)).flatten() {
        on_message(&message);
        if let Message::CompilerMessage(m) = message {
            // A file of several targets (a module the library and a binary both declare) gets its messages once.
            if !diagnostics.iter().any(|d| d.rendered == m.message.rendered) {
                diagnostics.push(m.message);
            }
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("cannot wait for cargo: {e}"))?;
    let duration = started.elapsed();
    let stderr = stderr_reader.join().unwrap_or_default();
    if status.code().is_none() {
        return Err(format!("cargo check was stopped ({status})"));
    }
    Ok(Checked {
        success: status.success(),
        diagnostics,
        stderr,
        duration,
        root: workspace_root(&request.manifest),
    })
}

/// Runs `cargo_check`, telling `progress` what it checks while cargo runs, how long it took and what came of it
/// (`verdict`): `checking the migrated crate (cargo check --all-targets)... 3.2 s (passed)`.
pub fn cargo_check_showing(
    request: &Request,
    what: &str,
    progress: &mut dyn Write,
    verdict: &dyn Fn(&Checked) -> String,
) -> Result<Checked, String> {
    let _ = write!(progress, "{what} (cargo check --all-targets)...");
    let _ = progress.flush();
    let checked = cargo_check(request, &mut |_| {});
    let _ = match &checked {
        Ok(c) => writeln!(progress, " {} ({})", seconds(c.duration), verdict(c)),
        Err(_) => writeln!(progress, " stopped"),
    };
    checked
}

/// The verdict of a check of code meant to build.
pub fn passed_or_failed(checked: &Checked) -> String {
    (if checked.success { "passed" } else { "failed" }).into()
}

/// `3.2 s`.
pub fn seconds(duration: Duration) -> String {
    format!("{:.1} s", duration.as_secs_f64())
}

/// The directory cargo names files relative to in its messages: the root of the workspace the package is in (the
/// nearest ancestor whose Cargo.toml has `[workspace]`), else the package's own directory.
pub(crate) fn workspace_root(manifest: &Path) -> PathBuf {
    let package = manifest.parent().unwrap_or(Path::new("."));
    let package = if package.as_os_str().is_empty() {
        Path::new(".")
    } else {
        package
    };
    let workspace = package.ancestors().find(|dir| {
        let text = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
        (text.parse::<toml_edit::DocumentMut>()).is_ok_and(|d| d.contains_key("workspace"))
    });
    workspace.unwrap_or(package).to_path_buf()
}
