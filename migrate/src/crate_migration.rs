//! One crate: its manifest and sources, loaded once, and migrated as often as `--verify` asks (with some pools
//! kept on v2).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::analysis::{self, GroupId, Input};
use crate::manifest::{Manifest, Requirement};
use crate::report::{self, Kind, Line};
use crate::source::Source;

/// A file whose text changes.
#[derive(Debug, Clone)]
pub struct Change {
    /// The file.
    pub path: PathBuf,
    /// Its text now, on disk.
    pub old: String,
    /// Its text migrated.
    pub new: String,
}

/// A pool of the crate, as a report names it.
#[derive(Debug, Clone)]
pub struct Pool {
    /// Its id, to keep it on v2 in a later migration.
    pub id: GroupId,
    /// Whether it migrates.
    pub migrates: bool,
    /// Where it is first seen: file, 1-based line and column.
    pub path: PathBuf,
    /// Line and column in `path`.
    pub at: (usize, usize),
}

impl Pool {
    /// `FILE:LINE:COL`, as the report prints a site.
    pub fn place(&self) -> String {
        format!("{}:{}:{}", self.path.display(), self.at.0, self.at.1)
    }
}

/// What migrating a crate gives: the changes, the report lines and counts.
#[derive(Debug, Default)]
pub struct Migration {
    /// Files that change (the manifest included).
    pub changes: Vec<Change>,
    /// Report lines of the migration (sites, reasons, notes), not those of loading.
    pub lines: Vec<Line>,
    /// Every pool, in the order first seen.
    pub pools: Vec<Pool>,
}

impl Migration {
    /// Pools that migrate.
    pub fn migrated(&self) -> usize {
        self.pools.iter().filter(|p| p.migrates).count()
    }

    /// Pools that stay on v2.
    pub fn left(&self) -> usize {
        self.pools.len() - self.migrated()
    }
}

/// A crate read from disk.
pub struct Crate {
    /// The directory of its Cargo.toml (None: the files have none).
    pub root: Option<PathBuf>,
    manifest: Option<(PathBuf, String)>,
    requirement: Requirement,
    sources: Vec<Source>,
    /// (index into sources, syntax) of the files that parse.
    parsed: Vec<(usize, syn::File)>,
    /// Lines about loading: files that cannot be read or parsed, manifest notes.
    pub load_lines: Vec<Line>,
}

impl Crate {
    /// Reads the manifest in `root` and `files`; what cannot be read is reported in `load_lines` and left out.
    pub fn load(root: Option<&Path>, files: &[PathBuf]) -> Crate {
        let mut lines = Vec::new();
        let mut manifest = None;
        let mut requirement = Requirement::Absent;
        if let Some(path) = root.map(|r| r.join("Cargo.toml")) {
            let read = std::fs::read_to_string(&path).map_err(|e| e.to_string());
            match read.and_then(|t| {
                Manifest::parse(&t)
                    .map(|m| (t, m))
                    .map_err(|e| e.to_string())
            }) {
                Ok((text, mut m)) => {
                    requirement = m.requirement();
                    for name in m.renamed() {
                        lines.push(Line::file(&path, Kind::Note, "renamed-dependency", format!("workerpool is a dependency under the name `{name}`, whose paths (`{name}::Pool`) migrate does not follow: rename the dependency to workerpool for the migration")));
                    }
                    if let Requirement::Left(why) = &requirement {
                        lines.push(Line::file(
                            &path,
                            Kind::Note,
                            "requirement-left",
                            format!("workerpool requirement left as it is: {why}"),
                        ));
                    }
                    manifest = Some((path, text));
                }
                Err(e) => lines.push(Line::file(
                    &path,
                    Kind::Error,
                    "manifest-unreadable",
                    format!("cannot read it as TOML ({e}); it is left as it is"),
                )),
            }
        }
        let mut sources = Vec::new();
        for path in files {
            match Source::load(path) {
                Ok(s) => sources.push(s),
                Err(e) => lines.push(Line::file(path, Kind::Error, "unreadable", e.to_string())),
            }
        }
        let mut parsed = Vec::new();
        for (i, s) in sources.iter().enumerate() {
            match s.parse() {
                Ok(f) => parsed.push((i, f)),
                Err(e) => {
                    let offset = s.range(e.span()).start;
                    lines.push(Line {
                        path: s.path.clone(),
                        at: Some(s.line_col(offset)),
                        kind: Kind::Error,
                        id: "does-not-parse",
                        message: format!("does not parse as Rust ({e}); the file is left as it is, the others are migrated"),
                    });
                }
            }
        }
        Crate {
            root: root.map(Path::to_path_buf),
            manifest,
            requirement,
            sources,
            parsed,
            load_lines: lines,
        }
    }

    /// Every file a migration of the crate may change, with its text as loaded.
    pub fn files(&self) -> impl Iterator<Item = (&Path, &str)> {
        let sources = self
            .sources
            .iter()
            .map(|s| (s.path.as_path(), s.text.as_str()));
        let manifest = self.manifest.iter().map(|(p, t)| (p.as_path(), t.as_str()));
        sources.chain(manifest)
    }

    /// Migrates the crate, keeping the pools of `forced_v2` on v2.
    pub fn migrate(&self, forced_v2: &BTreeSet<GroupId>) -> Migration {
        let by_code = analysis::root_is_v2(
            &self
                .parsed
                .iter()
                .map(|(i, _)| self.sources[*i].text.as_str())
                .collect::<Vec<_>>(),
        );
        let inputs: Vec<Input<'_>> = self
            .parsed
            .iter()
            .map(|(i, f)| Input {
                source: &self.sources[*i],
                syntax: f,
                root_is_v2: match self.requirement {
                    Requirement::V2 => true,
                    Requirement::V3 => false,
                    _ => by_code,
                },
            })
            .collect();
        let outcome = analysis::analyze(&inputs, forced_v2);
        let place = |loc: analysis::Loc| {
            let s = inputs[loc.file.index()].source;
            (s.path.clone(), s.line_col(loc.offset))
        };
        let mut m = Migration::default();
        let mut site = |loc: analysis::Loc, kind: Kind, id: &'static str, message: String| {
            let (path, at) = place(loc);
            m.lines.push(Line {
                path,
                at: Some(at),
                kind,
                id,
                message,
            });
        };
        for (loc, reason) in outcome.left.iter().flat_map(|l| &l.reasons) {
            site(*loc, Kind::LeftOnV2, reason.id(), reason.to_string());
        }
        for (loc, warning) in &outcome.warnings {
            site(
                *loc,
                Kind::BehaviourChange,
                warning.id(),
                warning.to_string(),
            );
        }
        for (loc, note) in &outcome.notes {
            site(*loc, Kind::Note, note.id(), note.to_string());
        }
        for (loc, change) in &outcome.migrated_sites {
            site(*loc, Kind::Migrated, change.id(), change.to_string());
        }
        // A re-export has its note already (`reexport`), one line per leaf.
        for kept in outcome.kept_on_v2.iter().filter(|k| !k.reexport) {
            let (id, message) = kept_on_v2(kept, |loc| {
                let (path, (line, column)) = place(loc);
                format!("{}:{line}:{column}", path.display())
            });
            site(kept.at, Kind::Note, id, message);
        }
        for &at in &outcome.clashes {
            let message =
                "two rewrites overlap here; the file is left as it is (please report this)";
            site(at, Kind::Error, "overlapping-edits", message.to_string());
        }
        for group in &outcome.groups {
            let (path, at) = place(group.at);
            m.pools.push(Pool {
                id: group.id,
                migrates: group.migrates,
                path,
                at,
            });
        }
        for (input, text) in inputs.iter().zip(outcome.texts) {
            if let Some(new) = text {
                m.changes.push(Change {
                    path: input.source.path.clone(),
                    old: input.source.text.clone(),
                    new,
                });
            }
        }
        if let Some((path, old)) = &self.manifest {
            let mut manifest = Manifest::parse(old).expect("parsed when loaded");
            let new = manifest.migrate(outcome.needs_v2);
            if new != *old {
                m.changes.push(Change {
                    path: path.clone(),
                    old: old.clone(),
                    new,
                });
            }
        }
        m
    }
}

/// The report line of a place that names `workerpool::v2` after the migration: its id and why it does.
fn kept_on_v2(
    kept: &analysis::KeptOnV2,
    place: impl Fn(analysis::Loc) -> String,
) -> (&'static str, String) {
    let mut why = Vec::new();
    match kept.pools.as_slice() {
        [] => {}
        [one] => why.push(format!(
            "the pool at {} is left on v2 (its reason is reported there)",
            place(*one)
        )),
        many => why.push(format!(
            "the pools at {} are left on v2 (their reasons are reported there)",
            many.iter()
                .map(|&l| place(l))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
    if kept.unused {
        why.push("nothing this tool can see uses it, so it is left as it was".into());
    }
    if kept.still_named {
        why.push("the file, or a file that globs from this crate, still names it where this tool does not follow, so dropping it could break the build".into());
    }
    if kept.free {
        why.push("it names something that belongs to no pool this tool can follow, which keeps its 2.x meaning".into());
    }
    let (id, subject) = if kept.import {
        (
            report::IMPORT_ON_V2,
            format!("the import of `{}` stays on workerpool::v2", kept.name),
        )
    } else {
        (
            report::PATH_ON_V2,
            format!("`{}` here stays `workerpool::v2::{}`", kept.name, kept.name),
        )
    };
    (id, format!("{subject}: {}", why.join("; ")))
}
