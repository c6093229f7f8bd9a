//! One run of the tool: find the files, migrate each crate, then check, diff or write (and verify), and report.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::cargo_check;
use crate::compiler;
use crate::crate_migration::{Crate, Migration, Pool};
use crate::diff;
use crate::discover::discover;
use crate::git;
use crate::interrupt::Interrupt;
use crate::report::{Format, Kind, Line, Report};
use crate::verify;
use crate::write::Written;

/// What a run does with the migrated text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Rewrite the files.
    #[default]
    Write,
    /// Rewrite the files, then `cargo check` the crate and put back on v2 the pools whose rewrite breaks it.
    Verify,
    /// Print a unified diff of every change; write nothing.
    Diff,
    /// Write nothing; the status says whether anything would change.
    Check,
}

/// Everything a run needs to know; the command line (`cli::Args::options`) is one way to make it.
///
/// ```
/// use migrate::run::{Mode, Options};
/// let options = Options { mode: Mode::Diff, ..Options::new(vec!["src".into()]) };
/// assert!(!options.allow_dirty);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Rust files and directories to migrate.
    pub paths: Vec<PathBuf>,
    /// What to do with the migrated text.
    pub mode: Mode,
    /// Rewrite files even if they have uncommitted changes.
    pub allow_dirty: bool,
    /// How to print the report (text on `err`, JSON on `out`).
    pub format: Format,
}

impl Options {
    /// Rewrite `paths`, refusing files with uncommitted changes, with the text report.
    pub fn new(paths: Vec<PathBuf>) -> Options {
        Options {
            paths,
            ..Options::default()
        }
    }
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Done, or nothing to do.
    Done,
    /// `--check` found files that would change.
    WouldChange,
    /// Something could not be done (see the report).
    Failed,
}

impl Status {
    /// The process exit code.
    pub fn code(self) -> u8 {
        match self {
            Status::Done => 0,
            Status::WouldChange => 1,
            Status::Failed => 2,
        }
    }
}

/// Runs the tool: the diff (or the JSON report) goes to `out`, the text report to `err`.
pub fn run(options: &Options, out: &mut dyn Write, err: &mut dyn Write) -> Status {
    let mut report = Report::default();
    let (found, bad) = discover(&options.paths);
    for b in &bad {
        let line = Line::file(&b.path, Kind::Error, "bad-path", b.reason.clone());
        report.lines.push(line);
    }
    if found.is_empty() && bad.is_empty() {
        for path in &options.paths {
            let message = "no .rs files here; nothing to migrate";
            report
                .lines
                .push(Line::file(path, Kind::Note, "no-rust-files", message));
        }
    }
    let mut crates: Vec<Crate> = found
        .iter()
        .map(|(root, files)| Crate::load(root.as_deref(), files))
        .collect();
    for c in &crates {
        report.lines.extend(c.load_lines.iter().cloned());
    }
    if options.mode == Mode::Verify {
        for c in crates.iter_mut() {
            let progress = &mut std::io::stderr();
            report
                .lines
                .extend(compiler::ask_when_clean(c, options.allow_dirty, progress));
        }
    }
    let mut migrations: Vec<Migration> =
        crates.iter().map(|c| c.migrate(&BTreeSet::new())).collect();
    let mut status = if report.has_errors() {
        Status::Failed
    } else {
        Status::Done
    };
    report.files_changed = migrations.iter().map(|m| m.changes.len()).sum();
    match options.mode {
        Mode::Diff => {
            for c in migrations.iter().flat_map(|m| &m.changes) {
                let _ = write!(out, "{}", diff::unified(&c.path, &c.old, &c.new));
            }
        }
        Mode::Check => {
            if report.files_changed > 0 && status == Status::Done {
                status = Status::WouldChange;
            }
        }
        Mode::Write | Mode::Verify => {
            if !write(options, &crates, &mut migrations, &mut report) {
                status = Status::Failed;
            }
        }
    }
    for m in &migrations {
        report.lines.extend(m.lines.iter().cloned());
        report.pools_migrated += m.migrated();
        report.pools_left += m.left();
    }
    report.migrated_anything = report.pools_migrated > 0;
    let wrote = matches!(options.mode, Mode::Write | Mode::Verify);
    let text = report.render(options.format, wrote);
    let _ = match options.format {
        Format::Text => err.write_all(text.as_bytes()),
        Format::Json => out.write_all(text.as_bytes()),
    };
    status
}

/// Writes the migrations (after the dirty check), then verifies them under `Mode::Verify`, replacing each
/// migration by the one left on disk. Returns false on failure, with the reason reported.
fn write(
    options: &Options,
    crates: &[Crate],
    migrations: &mut [Migration],
    report: &mut Report,
) -> bool {
    if !options.allow_dirty {
        let paths: Vec<PathBuf> = migrations
            .iter()
            .flat_map(|m| m.changes.iter().map(|c| c.path.clone()))
            .collect();
        let dirty = git::dirty(&paths);
        if !dirty.is_empty() {
            for path in dirty {
                report.lines.push(Line::file(&path, Kind::Error, "uncommitted-changes", "has uncommitted changes; commit or stash them first, or pass --allow-dirty (nothing was written)"));
            }
            report.files_changed = 0;
            return false;
        }
    }
    let mut written = Written::default();
    let mut ok = true;
    for c in migrations.iter().flat_map(|m| &m.changes) {
        if let Err(e) = written.put(&c.path, &c.old, &c.new) {
            let message = format!("cannot write it ({e}); it is unchanged");
            report
                .lines
                .push(Line::file(&c.path, Kind::Error, "write-failed", message));
            ok = false;
        }
    }
    if ok && options.mode == Mode::Verify {
        ok = verify_all(crates, migrations, &mut written, report);
    }
    report.files_changed = written.changed();
    ok
}

/// Runs `--verify` on every crate; on a failure that bisection cannot fix, restores every file written.
fn verify_all(
    crates: &[Crate],
    migrations: &mut [Migration],
    written: &mut Written,
    report: &mut Report,
) -> bool {
    // Ctrl-C (which cargo gets too) or a termination signal: put every file back rather than stop half-way.
    // Should the signals not be caught, a signal ends the run as it would without --verify.
    let interrupt = Interrupt::catch().ok();
    let interrupted = || interrupt.as_ref().is_some_and(Interrupt::happened);
    let mut check = |root: &Path| {
        let stopped = || Err("interrupted (Ctrl-C or a termination signal)".to_string());
        if interrupted() {
            return stopped();
        }
        let request = cargo_check::Request::new(root.join("Cargo.toml"));
        let verdict = cargo_check::cargo_check(&request, &mut |_| {});
        if interrupted() { stopped() } else { verdict }
    };
    for (krate, migration) in crates.iter().zip(migrations.iter_mut()) {
        if migration.changes.is_empty() {
            continue;
        }
        let manifest = krate.root.as_ref().map(|r| r.join("Cargo.toml"));
        let at = manifest.unwrap_or_else(|| migration.changes[0].path.clone());
        match verify::verify(krate, std::mem::take(migration), written, &mut check) {
            Ok(verified) => {
                *migration = verified.migration;
                if !verified.put_back.is_empty() {
                    report
                        .lines
                        .push(bisected(&at, &verified.put_back, migration));
                }
            }
            Err(why) => {
                let failed = written.restore();
                for (path, e) in &failed {
                    let message = format!("could not put it back as it was ({e})");
                    report
                        .lines
                        .push(Line::file(path, Kind::Error, "restore-failed", message));
                }
                let message = if failed.is_empty() {
                    format!("{why}; restored every file written")
                } else {
                    format!("{why}; restored every other file written")
                };
                report
                    .lines
                    .push(Line::file(&at, Kind::Error, "verify-failed", message));
                // The report describes the migration that was put back: nothing.
                for m in migrations.iter_mut() {
                    *m = Migration::default();
                }
                return false;
            }
        }
    }
    true
}

/// The line that says which pools `--verify` put back on v2, and that the others stay migrated.
fn bisected(at: &Path, put_back: &[Pool], migration: &Migration) -> Line {
    let places: Vec<String> = put_back.iter().map(Pool::place).collect();
    let found = match places.len() {
        1 => "the pool".to_string(),
        n => format!("{n} pools"),
    };
    let kept = match migration.migrated() {
        1 => "1 other pool stays migrated".to_string(),
        n => format!("{n} other pools stay migrated"),
    };
    let message = format!(
        "cargo check failed on the migrated crate; halving the set of migrated pools found {found} whose rewrite breaks it, put back on workerpool::v2: {}; {kept}, and cargo check passes",
        places.join(", "),
    );
    Line::file(at, Kind::Note, "verify-bisected", message)
}
