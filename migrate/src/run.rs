//! One run of the tool: find the files, migrate each crate, then check, diff or write, and report.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::analysis::{self, Input};
use crate::cli::Args;
use crate::diff;
use crate::discover::discover;
use crate::git;
use crate::manifest::{Manifest, Requirement};
use crate::report::{Kind, Line, Report};
use crate::source::Source;
use crate::verify;
use crate::write::atomic_write;

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

/// A file whose text changes.
struct Change {
    path: PathBuf,
    old: String,
    new: String,
    /// The directory of the crate's Cargo.toml, for --verify.
    root: Option<PathBuf>,
}

/// Runs the tool: the diff goes to `out`, the report to `err`.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Status {
    let mut report = Report::default();
    let (crates, bad) = discover(&args.paths);
    for b in &bad {
        report
            .lines
            .push(Line::file(&b.path, Kind::Error, b.reason.clone()));
    }
    if crates.is_empty() && bad.is_empty() {
        for path in &args.paths {
            report.lines.push(Line::file(
                path,
                Kind::Note,
                "no .rs files here; nothing to migrate",
            ));
        }
    }
    let mut changes = Vec::new();
    for (root, files) in &crates {
        migrate_crate(root.as_deref(), files, &mut changes, &mut report);
    }
    report.files_changed = changes.len();
    let written = !(args.check || args.diff);
    let mut status = if report.has_errors() {
        Status::Failed
    } else {
        Status::Done
    };
    if args.diff {
        for c in &changes {
            let _ = write!(out, "{}", diff::unified(&c.path, &c.old, &c.new));
        }
    } else if args.check {
        if !changes.is_empty() && status == Status::Done {
            status = Status::WouldChange;
        }
    } else if !write_changes(args, &changes, &mut report) {
        status = Status::Failed;
    }
    let _ = write!(err, "{}", report.render(written));
    status
}

/// Writes `changes` (after the dirty check), then runs --verify. Returns false on failure, with the reason reported.
fn write_changes(args: &Args, changes: &[Change], report: &mut Report) -> bool {
    if !args.allow_dirty {
        let paths: Vec<PathBuf> = changes.iter().map(|c| c.path.clone()).collect();
        let dirty = git::dirty(&paths);
        if !dirty.is_empty() {
            for path in dirty {
                report.lines.push(Line::file(&path, Kind::Error, "has uncommitted changes; commit or stash them first, or pass --allow-dirty (nothing was written)"));
            }
            report.files_changed = 0;
            return false;
        }
    }
    let mut written: Vec<&Change> = Vec::new();
    for c in changes {
        match atomic_write(&c.path, c.new.as_bytes()) {
            Ok(()) => written.push(c),
            Err(e) => {
                report.lines.push(Line::file(
                    &c.path,
                    Kind::Error,
                    format!("cannot write it ({e}); it is unchanged"),
                ));
            }
        }
    }
    report.files_changed = written.len();
    if written.len() < changes.len() {
        return false;
    }
    if !args.verify {
        return true;
    }
    let mut roots: Vec<&Path> = written.iter().filter_map(|c| c.root.as_deref()).collect();
    roots.sort();
    roots.dedup();
    if written.iter().any(|c| c.root.is_none()) {
        report.lines.push(Line::file(
            &written[0].path,
            Kind::Error,
            "--verify needs a Cargo.toml beside or above the files; restored every file written",
        ));
        restore(&written, report);
        return false;
    }
    for root in roots {
        let passed = verify::cargo_check(root);
        if passed != Ok(true) {
            let why = match passed {
                Err(e) => e,
                _ => "cargo check failed on the migrated crate (its errors are above)".to_string(),
            };
            report.lines.push(Line::file(
                &root.join("Cargo.toml"),
                Kind::Error,
                format!("{why}; restored every file written"),
            ));
            restore(&written, report);
            return false;
        }
    }
    true
}

fn restore(written: &[&Change], report: &mut Report) {
    for c in written {
        if let Err(e) = atomic_write(&c.path, c.old.as_bytes()) {
            report.lines.push(Line::file(
                &c.path,
                Kind::Error,
                format!("could not restore it ({e})"),
            ));
        }
    }
    report.files_changed = 0;
}

/// Migrates the files of one crate (`root`: the directory of its Cargo.toml).
fn migrate_crate(
    root: Option<&Path>,
    files: &[PathBuf],
    changes: &mut Vec<Change>,
    report: &mut Report,
) {
    let manifest_path = root.map(|r| r.join("Cargo.toml"));
    let mut manifest = None;
    let mut requirement = Requirement::Absent;
    if let Some(path) = &manifest_path {
        match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| {
                Manifest::parse(&t)
                    .map(|m| (t, m))
                    .map_err(|e| e.to_string())
            }) {
            Ok((text, mut m)) => {
                requirement = m.requirement();
                for name in m.renamed() {
                    report.lines.push(Line::file(path, Kind::Note, format!("workerpool is a dependency under the name `{name}`, whose paths (`{name}::Pool`) migrate does not follow: rename the dependency to workerpool for the migration")));
                }
                if let Requirement::Left(why) = &requirement {
                    report.lines.push(Line::file(
                        path,
                        Kind::Note,
                        format!("workerpool requirement left as it is: {why}"),
                    ));
                }
                manifest = Some((text, m));
            }
            Err(e) => report.lines.push(Line::file(
                path,
                Kind::Error,
                format!("cannot read it as TOML ({e}); it is left as it is"),
            )),
        }
    }
    let mut sources = Vec::new();
    for path in files {
        match Source::load(path) {
            Ok(s) => sources.push(s),
            Err(e) => report
                .lines
                .push(Line::file(path, Kind::Error, e.to_string())),
        }
    }
    let mut parsed = Vec::new();
    for s in &sources {
        match s.parse() {
            Ok(f) => parsed.push((s, f)),
            Err(e) => {
                let offset = s.range(e.span()).start;
                let (line, col) = s.line_col(offset);
                report.lines.push(Line {
                    path: s.path.clone(),
                    at: Some((line, col)),
                    kind: Kind::Error,
                    message: format!("does not parse as Rust ({e}); the file is left as it is, the others are migrated"),
                });
            }
        }
    }
    let by_code = analysis::root_is_v2(
        &parsed
            .iter()
            .map(|(s, _)| s.text.as_str())
            .collect::<Vec<_>>(),
    );
    let inputs: Vec<Input<'_>> = parsed
        .iter()
        .map(|(s, f)| Input {
            source: s,
            syntax: f,
            root_is_v2: match requirement {
                Requirement::V2 => true,
                Requirement::V3 => false,
                _ => by_code,
            },
        })
        .collect();
    let outcome = analysis::analyze(&inputs);
    let at = |loc: analysis::Loc| {
        let s = inputs[loc.file].source;
        (s.path.clone(), Some(s.line_col(loc.offset)))
    };
    for left in &outcome.left {
        for (loc, reason) in &left.reasons {
            let (path, at) = at(*loc);
            report.lines.push(Line {
                path,
                at,
                kind: Kind::LeftOnV2,
                message: reason.clone(),
            });
        }
    }
    for (loc, what) in &outcome.warnings {
        let (path, at) = at(*loc);
        report.lines.push(Line {
            path,
            at,
            kind: Kind::BehaviourChange,
            message: what.clone(),
        });
    }
    for (loc, what) in &outcome.notes {
        let (path, at) = at(*loc);
        report.lines.push(Line {
            path,
            at,
            kind: Kind::Note,
            message: what.clone(),
        });
    }
    for &(file, offset) in &outcome.clashes {
        let (path, at) = at(analysis::Loc { file, offset });
        report.lines.push(Line {
            path,
            at,
            kind: Kind::Error,
            message: "two rewrites overlap here; the file is left as it is (please report this)"
                .into(),
        });
    }
    report.pools_migrated += outcome.migrated;
    report.sites_migrated += outcome.sites_migrated;
    report.pools_left += outcome.left.len();
    report.migrated_anything |= outcome.migrated > 0;
    for (input, text) in inputs.iter().zip(outcome.texts) {
        if let Some(new) = text {
            changes.push(Change {
                path: input.source.path.clone(),
                old: input.source.text.clone(),
                new,
                root: root.map(Path::to_path_buf),
            });
        }
    }
    if let (Some((old, mut m)), Some(path)) = (manifest, manifest_path) {
        let new = m.migrate(outcome.needs_v2);
        if new != old {
            changes.push(Change {
                path,
                old,
                new,
                root: root.map(Path::to_path_buf),
            });
        }
    }
}
