//! One run of the tool: find the files, migrate each crate, then check, diff or write (and verify), and report.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::analysis::Refusal;
use crate::cargo_check;
use crate::compiler;
use crate::crate_migration::{Crate, Migration, Pool};
use crate::diff;
use crate::discover::discover;
use crate::git;
use crate::interrupt::Interrupt;
use crate::report::{CheckTime, Format, Kind, Line, Report, Verification};
use crate::verify;
use crate::write::Written;

/// What a run does with the migrated text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Rewrite the files (and, unless `Options::no_verify`, check the result with the compiler).
    #[default]
    Write,
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
    /// Write without checking the result with `cargo check` (the report then says it was not checked).
    pub no_verify: bool,
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

/// Runs the tool: the diff (or the JSON report) goes to `out`, the text report and the progress of `cargo check` to
/// `err`.
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
    // The compiler is asked only where it will check the result too (the probes are written in place).
    if options.mode == Mode::Write && !options.no_verify {
        for c in crates.iter_mut() {
            let progress = &mut std::io::stderr();
            report
                .lines
                .extend(compiler::ask_when_clean(c, options.allow_dirty, progress));
        }
    }
    let mut migrations: Vec<Migration> =
        crates.iter().map(|c| c.migrate(&BTreeSet::new())).collect();
    let mut status = if report.lines.iter().any(|l| l.kind == Kind::Error) {
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
            not_checked(&crates, &migrations, &mut report, WRITES_NOTHING("--diff"));
        }
        Mode::Check => {
            if report.files_changed > 0 && status == Status::Done {
                status = Status::WouldChange;
            }
            not_checked(&crates, &migrations, &mut report, WRITES_NOTHING("--check"));
        }
        Mode::Write => {
            if !write(options, &crates, &mut migrations, &mut report, err) {
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
    let wrote = options.mode == Mode::Write;
    let _ = match options.format {
        Format::Text => err.write_all(report.render_text(wrote).as_bytes()),
        Format::Json => out.write_all(report.render_json(wrote).as_bytes()),
    };
    status
}

/// Why `--diff` and `--check` leave the result unchecked: they write nothing, and the compiler checks what is on
/// disk (a copy of the package would build its dependencies anew, and a path dependency could not be followed).
#[allow(non_snake_case)]
fn WRITES_NOTHING(flag: &str) -> String {
    format!(
        "{flag} writes nothing, so the compiler did not check the migrated code; run migrate without it, which \
         checks what it writes with cargo check --all-targets"
    )
}

/// The manifest a package's report lines about the whole of it are at (the first file changed without one).
fn package_file(krate: &Crate, migration: &Migration) -> PathBuf {
    krate.root.as_ref().map_or_else(
        || migration.changes[0].path.clone(),
        |r| r.join("Cargo.toml"),
    )
}

/// Records, for every package whose files change, that its result is not checked, and `why`.
fn not_checked(crates: &[Crate], migrations: &[Migration], report: &mut Report, why: String) {
    for (krate, migration) in crates.iter().zip(migrations) {
        if !migration.changes.is_empty() && krate.root.is_some() {
            report.verifications.push(Verification {
                manifest: package_file(krate, migration),
                not_checked: Some(why.clone()),
                checks: Vec::new(),
            });
        }
    }
}

/// Writes the migrations (after the dirty check). Unless `--no-verify`, first checks each package as it is, then
/// checks what was written to those that built, putting back on v2 the pools whose rewrite breaks them; each
/// migration becomes the one left on disk. Returns false on failure, with the reason reported.
fn write(
    options: &Options,
    crates: &[Crate],
    migrations: &mut [Migration],
    report: &mut Report,
    progress: &mut dyn Write,
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
    // Ctrl-C (which cargo gets too) or a termination signal: put every file back rather than stop half-way.
    // Should the signals not be caught, a signal ends the run as it would without checks.
    let interrupt = if options.no_verify {
        None
    } else {
        Interrupt::catch().ok()
    };
    let interrupted = || interrupt.as_ref().is_some_and(Interrupt::happened);
    let times: RefCell<Vec<CheckTime>> = RefCell::default();
    let mut check = |root: &Path, what: &str| {
        let stopped = || Err("interrupted (Ctrl-C or a termination signal)".to_string());
        if interrupted() {
            return stopped();
        }
        let request = cargo_check::Request::new(root.join("Cargo.toml"));
        let verdict = cargo_check::cargo_check_showing(
            &request,
            &format!("checking {what}"),
            progress,
            &cargo_check::passed_or_failed,
        );
        if let Ok(checked) = &verdict {
            times.borrow_mut().push(CheckTime {
                what: what.to_string(),
                seconds: checked.duration.as_secs_f64(),
                passed: checked.success,
            });
        }
        if interrupted() { stopped() } else { verdict }
    };
    // Before writing: only a package that builds as it is can tell whether its migration builds.
    let mut verifications = Vec::new();
    // The check of each package (by index) that built before migration: its warnings are the user's.
    let mut originals = std::collections::BTreeMap::new();
    // The packages (by index) that did not build as they were: checked against every pool on v2 once written.
    let mut broken_before = std::collections::BTreeMap::new();
    for (i, (krate, migration)) in crates.iter().zip(migrations.iter()).enumerate() {
        if migration.changes.is_empty() {
            verifications.push(None);
            continue;
        }
        let not_checked = if options.no_verify {
            Some("--no-verify was given: the compiler did not check the migrated code".to_string())
        } else if let Some(root) = &krate.root {
            match check(root, "the crate before migration") {
                Ok(c) if c.success => {
                    originals.insert(i, c);
                    None
                }
                Ok(c) => {
                    let first = c.first_error().unwrap_or_default();
                    broken_before.insert(i, first.clone());
                    Some(not_built(&first, false))
                }
                Err(why) => {
                    // No verdict on the code (cargo cannot run, was stopped, Ctrl-C): stop before writing.
                    let at = package_file(krate, migration);
                    let message = format!(
                        "{why}; nothing was written (pass --no-verify to migrate without the compiler's check)"
                    );
                    report
                        .lines
                        .push(Line::file(&at, Kind::Error, "verify-failed", message));
                    report.files_changed = 0;
                    for m in migrations.iter_mut() {
                        *m = Migration::default();
                    }
                    return false;
                }
            }
        } else {
            // Files of no package: there is nothing for cargo to check, and nothing to say about it.
            verifications.push(None);
            continue;
        };
        verifications.push(Some(Verification {
            manifest: package_file(krate, migration),
            not_checked,
            checks: times.borrow_mut().drain(..).collect(),
        }));
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
    // A check that gave no verdict (cargo cannot run, Ctrl-C): every file written goes back as it was.
    let mut failed = None;
    for (i, (krate, migration)) in crates.iter().zip(migrations.iter_mut()).enumerate() {
        let Some(verification) = &mut verifications[i] else {
            continue;
        };
        if !ok {
            continue;
        }
        if let Some(first) = broken_before.get(&i) {
            match floor(krate, migration, &mut written, &mut check) {
                Ok(Some(checked)) => {
                    verification.not_checked = None;
                    originals.insert(i, checked);
                }
                Ok(None) => {
                    verification.not_checked = Some(not_built(first, true));
                    continue;
                }
                Err(why) => {
                    failed = Some((verification.manifest.clone(), why));
                    break;
                }
            }
        }
        let Some(before) = originals.get(&i) else {
            continue;
        };
        let verified = verify::verify(
            krate,
            std::mem::take(migration),
            &mut written,
            &mut check,
            before,
        );
        match verified {
            Ok(verified) => {
                *migration = verified.migration;
                if !verified.put_back.is_empty() {
                    say_what_the_check_found(&verified.put_back, migration);
                    let first = verified.first_failure.as_deref();
                    let line =
                        bisected(&verification.manifest, first, &verified.put_back, migration);
                    report.lines.push(line);
                }
                verification.checks.append(&mut times.borrow_mut());
            }
            Err(why) => {
                failed = Some((verification.manifest.clone(), why));
                break;
            }
        }
    }
    if let Some((at, why)) = failed {
        restore(&mut written, report, &at, &why);
        for m in migrations.iter_mut() {
            *m = Migration::default();
        }
        report.files_changed = written.changed();
        return false;
    }
    report
        .verifications
        .extend(verifications.into_iter().flatten());
    report.files_changed = written.changed();
    ok
}

/// Why a package that does not build as it is was not checked: `first` is its first error, `floor` whether the
/// crate with every pool on v2 was tried too.
fn not_built(first: &str, floor: bool) -> String {
    let nor = if floor {
        ", nor with every pool on workerpool::v2"
    } else {
        ""
    };
    format!(
        "the crate did not build before migration{nor} (first error: {first}), so the compiler cannot tell whether \
         the migration builds; fix that error and run migrate again on the original code, or check the result by hand"
    )
}

/// For a package that did not build as it was (its manifest already asks for 3 while the code is 2.x), the check of
/// the written crate with every pool on `workerpool::v2`: the floor any pool can be put back to, which the migration
/// is then checked against. `None` when that fails too (the migration is written back, unchecked).
fn floor(
    krate: &Crate,
    migration: &Migration,
    written: &mut Written,
    check: &mut dyn FnMut(&Path, &str) -> Result<cargo_check::Checked, String>,
) -> Result<Option<cargo_check::Checked>, String> {
    let Some(root) = krate.root.as_deref() else {
        return Ok(None);
    };
    let every_pool: BTreeSet<_> = migration.pools.iter().map(|p| p.id).collect();
    verify::apply(krate, &krate.migrate(&every_pool), written)?;
    let checked = check(root, "the crate with every pool on workerpool::v2")?;
    verify::apply(krate, migration, written)?;
    Ok(checked.success.then_some(checked))
}

/// Puts back every file written after a check that failed for `why` (at `at`), reporting what could not be.
fn restore(written: &mut Written, report: &mut Report, at: &Path, why: &str) {
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
        .push(Line::file(at, Kind::Error, "verify-failed", message));
}

/// Puts what the check found about each pool it put back (the compiler's first error) into that pool's reason.
fn say_what_the_check_found(put_back: &[(Pool, String)], migration: &mut Migration) {
    let id = Refusal::PutBackByVerify.id();
    for (pool, why) in put_back {
        for line in migration
            .lines
            .iter_mut()
            .filter(|l| l.id == id && l.path == pool.path && l.at == Some(pool.at))
        {
            line.message = why.clone();
        }
    }
}

/// The line that says what failed the check of the migrated crate (its `first` error: the halving's trials may each
/// fail on another), which pools it put back on v2 (each pool's own line says why) and that the others stay migrated.
fn bisected(
    at: &Path,
    first: Option<&str>,
    put_back: &[(Pool, String)],
    migration: &Migration,
) -> Line {
    let places: Vec<String> = put_back.iter().map(|(pool, _)| pool.place()).collect();
    let found = match places.len() {
        1 => "the pool".to_string(),
        n => format!("{n} pools"),
    };
    let kept = match migration.migrated() {
        1 => "1 other pool stays migrated".to_string(),
        n => format!("{n} other pools stay migrated"),
    };
    let message = format!(
        "cargo check failed on the migrated crate{}; halving the set of migrated pools found {found} whose rewrite breaks it, put back on workerpool::v2: {}; {kept}, and cargo check passes",
        first.map_or(String::new(), |e| format!(" (first error: {e})")),
        places.join(", "),
    );
    Line::file(at, Kind::Note, "verify-bisected", message)
}
