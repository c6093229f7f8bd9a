//! One package: its manifest and sources, split into crate roots as cargo builds them, loaded once, and migrated
//! as often as `--verify` asks (with some pools kept on v2).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::analysis::{self, Answer, Asked, GroupId, Input, Refusal};
use crate::discover::targets::{self, Target};
use crate::manifest::{Manifest, Requirement};
use crate::report::{self, Kind, Line};
use crate::source::Source;

/// Where and why the requirement of the manifest `path` (parsed as `m`) is left as it is: for `workspace = true`,
/// the entry of `[workspace.dependencies]` in the Cargo.toml of its workspace, when there is one.
fn left_requirement(path: &Path, m: &Manifest, why: &str) -> LeftRequirement {
    let here = LeftRequirement {
        path: path.to_path_buf(),
        line: m.line_of_entry(),
        why: why.to_string(),
    };
    if !why.starts_with("workspace = true") {
        return here;
    }
    // The nearest Cargo.toml at or above the package's with `[workspace]`, as cargo names files from it.
    let root = crate::cargo_check::workspace_root(path).join("Cargo.toml");
    let text = std::fs::read_to_string(&root).unwrap_or_default();
    let line = (toml_edit::Document::parse(text.as_str()).ok())
        .and_then(|doc| {
            doc.get("workspace")?
                .get("dependencies")?
                .as_table_like()?
                .key("workerpool")?
                .span()
        })
        .map(|s| text[..s.start].matches('\n').count() + 1);
    let Some(line) = line else { return here };
    LeftRequirement {
        path: root,
        line: Some(line),
        why: format!(
            "{} has `workspace = true`: the requirement is the workspace's, in [workspace.dependencies], \
             shared by its members (move their code with it)",
            path.display()
        ),
    }
}

/// What the report adds about a file that could not be read or parsed and may be 2.x code.
const KEEPS_V2: &str = "; Cargo.toml keeps the cargo feature \"v2\" for it (when it moves to 3), so that once \
    it parses its 2.x code can build on workerpool::v2: fix it, then run migrate on it again";

/// The id of the line about a file migrated beyond the paths given.
pub const TAKEN_IN: &str = "taken-in";

/// The id of the line about a package whose targets cargo cannot list.
const TARGETS_UNKNOWN: &str = "targets-unknown";

/// The id of the line about a target of the package, not given, that still uses 2.x.
pub const OTHER_TARGET_ON_V2: &str = "other-target-on-2x";

/// The id of the line that says the manifest's `v2` feature is no longer needed.
pub const V2_FEATURE_UNUSED: &str = "v2-feature-unused";

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

/// A pool of the package: the analysis unit (crate root) it is in, and its id there. The same files give the same
/// ids, so a later migration can keep it on v2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PoolId {
    unit: usize,
    group: GroupId,
}

/// A pool of the package, as a report names it.
#[derive(Debug, Clone)]
pub struct Pool {
    /// Its id, to keep it on v2 in a later migration.
    pub id: PoolId,
    /// Whether it migrates.
    pub migrates: bool,
    /// Where it is first seen: file, 1-based line and column.
    pub path: PathBuf,
    /// Line and column in `path`.
    pub at: (usize, usize),
    /// The file and 1-based line of every place of it (see [`analysis::Group::sites`]).
    pub sites: Vec<(PathBuf, usize)>,
    /// Its job type as written, when it migrates.
    pub job: Option<String>,
    /// The first of the pools the compiler found to be one value with it (a `-> AppResult<Pool>` and the `Ok(pool)`
    /// it returns), itself when none: the summary counts each such value once.
    pub one_with: PoolId,
}

impl Pool {
    /// `FILE:LINE:COL`, as the report prints a site.
    pub fn place(&self) -> String {
        format!("{}:{}:{}", self.path.display(), self.at.0, self.at.1)
    }
}

/// What migrating a crate gives: the changes, the report lines and counts.
#[derive(Debug, Default, Clone)]
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
        self.values(true)
    }

    /// Pools that stay on v2.
    pub fn left(&self) -> usize {
        self.values(false)
    }

    /// The pools that migrate (or stay), each value the compiler found several of them to be counted once.
    fn values(&self, migrate: bool) -> usize {
        let pools = self.pools.iter().filter(|p| p.migrates == migrate);
        pools.map(|p| p.one_with).collect::<BTreeSet<_>>().len()
    }
}

/// Files analysed together: one crate root with its modules (or several that share files, or a binary with the
/// library it names), or the given files that no target of the package reaches.
struct Unit {
    /// Indices into `Crate::parsed`.
    files: Vec<usize>,
    /// Whether `workerpool::X` means the 2.x API in these files.
    root_is_v2: bool,
    /// The library's root (index into `Crate::parsed`) and the name other targets call it by, when in this unit.
    library: Option<(usize, String)>,
    /// The library's files (indices into `Crate::parsed`); the unit's others are of targets that call it by name.
    library_files: Vec<usize>,
}

/// A package read from disk: the given files, and the files of its other targets that it takes in.
pub struct Crate {
    /// The directory of its Cargo.toml (None: the files have none).
    pub root: Option<PathBuf>,
    manifest: Option<(PathBuf, String)>,
    sources: Vec<Source>,
    /// (index into sources, syntax) of the files that parse.
    parsed: Vec<(usize, syn::File)>,
    units: Vec<Unit>,
    /// Files taken in beyond the paths given (index into sources), with why.
    taken_in: BTreeMap<usize, String>,
    /// Lines about loading: files that cannot be read or parsed, manifest notes.
    pub load_lines: Vec<Line>,
    /// What the migrations and the compiler have told about the pools (a cell: each migration adds to it, and the
    /// check of the output answers what the probes could not, see [`Crate::answer`]).
    learnt: std::cell::RefCell<Learnt>,
    /// Whether the migration will be checked by the compiler (see [`Asked::checked`]).
    checked: bool,
    /// Whether a file migrate could not read or parse may still be 2.x code: the manifest then keeps the `v2`
    /// feature, so that once the file is fixed it builds on `workerpool::v2` and can be migrated.
    unread_may_use_v2: bool,
    /// Whether a target of the package that is not given still uses 2.x or names `workerpool::v2` (a hint says so).
    others_on_v2: bool,
    /// Where the manifest's requirement is left as it is (a range, `workspace = true`): the place to edit, and
    /// the report's words about it.
    pub(crate) left: Option<LeftRequirement>,
}

/// What the migrations of a crate and the compiler have told about its pools.
#[derive(Default)]
struct Learnt {
    /// What the compiler said about the job types of pools the syntax does not settle.
    answers: BTreeMap<PoolId, Answer>,
    /// The pools with a parameter of a generic function among their places (`analysis::Outcome::generic`).
    generic: BTreeSet<PoolId>,
    /// The pools made and used in one free function (`analysis::Outcome::confined`).
    confined: BTreeSet<PoolId>,
    /// The pools that are the `Pool` of a type alias (`analysis::Outcome::aliases`).
    aliases: BTreeSet<PoolId>,
    /// The sites typed one by one (kept `Worker` type sites, uses of an alias of several job types) a probe wrote
    /// with placeholders of their own, by number: (unit, site).
    probed_sites: BTreeMap<usize, (usize, analysis::Loc)>,
    /// What the compiler said each such site carries.
    site_answers: BTreeMap<(usize, analysis::Loc), String>,
    /// The sites the compiler found to be one with a pool that stays on v2: (unit, site).
    sites_left: BTreeSet<(usize, analysis::Loc)>,
    /// Each pool the compiler found to be one value with others, to the first of them (see [`Pool::one_with`]).
    one_with: BTreeMap<PoolId, PoolId>,
}

/// A migration written with placeholder job types, to be compiled: which placeholder stands for which pool.
#[derive(Debug, Default)]
pub struct Probe {
    /// The migration, with placeholders.
    pub migration: Migration,
    /// The pool each placeholder number stands for.
    pub placeholders: BTreeMap<usize, PoolId>,
}

/// A requirement migrate leaves as it is, and where to write what instead.
#[derive(Debug, Clone)]
pub(crate) struct LeftRequirement {
    /// The manifest to edit (the workspace's, for `workspace = true`) and the 1-based line of the entry.
    path: PathBuf,
    line: Option<usize>,
    /// Why it is left.
    why: String,
}

impl Crate {
    /// Reads the manifest in `root` and `files`, split into the package's crate roots; when the manifest moves
    /// from 2.x to 3, the files of every other target of the package are read too. What
    /// cannot be read is reported in `load_lines` and left out.
    pub fn load(root: Option<&Path>, files: &[PathBuf]) -> Crate {
        let mut lines = Vec::new();
        let mut manifest = None;
        let mut requirement = Requirement::Absent;
        let mut left = None;
        let mut found = None;
        if let Some(path) = root.map(|r| r.join("Cargo.toml")) {
            let read = std::fs::read_to_string(&path).map_err(|e| e.to_string());
            match read.and_then(|t| {
                Manifest::parse(&t)
                    .map(|m| (t, m))
                    .map_err(|e| e.to_string())
            }) {
                Ok((text, m)) => {
                    requirement = m.requirement();
                    match targets::targets(&path) {
                        Ok(t) => found = Some(t),
                        Err(e) => lines.push(Line::file(&path, Kind::Note, TARGETS_UNKNOWN, format!("cargo cannot list this package's targets ({e}), so only the paths given are read, each with the modules it declares; fix the manifest and run migrate again to migrate the whole package"))),
                    }
                    for name in m.renamed() {
                        lines.push(Line::file(&path, Kind::Note, "renamed-dependency", format!("workerpool is a dependency under the name `{name}`, whose paths (`{name}::Pool`) migrate does not follow: rename the dependency to workerpool for the migration")));
                    }
                    if let Requirement::Left(why) = &requirement {
                        left = Some(left_requirement(&path, &m, why));
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
        let plan = match (root, found) {
            (Some(_), Some(found)) => plan(found, files, &requirement),
            _ => Plan::loose(files),
        };
        for (root, hint) in &plan.hints {
            lines.push(Line::file(
                root,
                Kind::Note,
                OTHER_TARGET_ON_V2,
                hint.clone(),
            ));
        }
        let mut sources = Vec::new();
        let mut unread_may_use_v2 = false;
        // Index into `sources` of each planned file that loads.
        let mut loaded = Vec::new();
        for path in &plan.files {
            match Source::load(path) {
                Ok(s) => {
                    loaded.push(Some(sources.len()));
                    sources.push(s);
                }
                Err(e) => {
                    loaded.push(None);
                    unread_may_use_v2 = true;
                    let message = format!("{e}{}", KEEPS_V2);
                    lines.push(Line::file(path, Kind::Error, "unreadable", message));
                }
            }
        }
        // A file taken in whose code does not name workerpool (a module of a target that does) is read so that
        // the analysis sees what it uses; if it does not parse, that is no error of the migration.
        let bystander = |i: usize, s: &Source| {
            plan.taken_in.iter().any(|(f, _)| loaded[*f] == Some(i))
                && !targets::mentions(&s.text, "workerpool")
        };
        let mut parsed = Vec::new();
        // Index into `parsed` of each source that parses.
        let mut parsed_at = vec![None; sources.len()];
        for (i, s) in sources.iter().enumerate() {
            match s.parse() {
                Ok(f) => {
                    parsed_at[i] = Some(parsed.len());
                    parsed.push((i, f));
                }
                Err(e) if bystander(i, s) => lines.push(Line::file(
                    &s.path,
                    Kind::Note,
                    "taken-in-does-not-parse",
                    format!("does not parse as Rust ({e}); it names nothing of workerpool and is not among the paths given, so it is left as it is"),
                )),
                Err(e) => {
                    let offset = s.range(e.span()).start;
                    // The text, not its tokens (it may not even tokenize); a mention in a comment errs on the side
                    // of keeping the feature.
                    let names_workerpool = s.text.contains("workerpool");
                    unread_may_use_v2 |= names_workerpool;
                    lines.push(Line {
                        path: s.path.clone(),
                        at: Some(s.line_col(offset)),
                        kind: Kind::Error,
                        id: "does-not-parse",
                        message: format!(
                            "does not parse as Rust ({e}); the file is left as it is, the others are migrated{}",
                            if names_workerpool { KEEPS_V2 } else { "" }
                        ),
                    });
                }
            }
        }
        let units = plan
            .units
            .iter()
            .map(|members| {
                let files: Vec<usize> = members
                    .iter()
                    .filter_map(|&f| loaded[f].and_then(|s| parsed_at[s]))
                    .collect();
                let texts: Vec<&str> = files
                    .iter()
                    .map(|&p| sources[parsed[p].0].text.as_str())
                    .collect();
                // Code that names what only 2.x has is 2.x code, whatever a 3 in the manifest says (a package
                // whose src/ was migrated before its tests/); a plain 2.x manifest decides for all its code.
                let root_is_v2 = requirement == Requirement::V2 || analysis::root_is_v2(&texts);
                let library = plan.library.as_ref().and_then(|(f, name)| {
                    let p = loaded[*f].and_then(|s| parsed_at[s])?;
                    files.contains(&p).then(|| (p, name.clone()))
                });
                let library_files = (plan.library_files.iter())
                    .filter_map(|&f| loaded[f].and_then(|s| parsed_at[s]))
                    .filter(|p| library.is_some() && files.contains(p))
                    .collect();
                Unit {
                    files,
                    root_is_v2,
                    library,
                    library_files,
                }
            })
            .collect();
        let taken_in = plan
            .taken_in
            .into_iter()
            .filter_map(|(f, why)| loaded[f].map(|s| (s, why)))
            .collect();
        Crate {
            root: root.map(Path::to_path_buf),
            manifest,
            sources,
            parsed,
            units,
            taken_in,
            load_lines: lines,
            learnt: Default::default(),
            checked: false,
            unread_may_use_v2,
            others_on_v2: !plan.hints.is_empty(),
            left,
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

    /// The syntax of every file that parses.
    pub fn syntax(&self) -> impl Iterator<Item = &syn::File> {
        self.parsed.iter().map(|(_, f)| f)
    }

    /// Migrates the package, keeping the pools of `forced_v2` on v2: each unit on its own, then the manifest once,
    /// from what all of them need.
    pub fn migrate(&self, forced_v2: &BTreeSet<PoolId>) -> Migration {
        self.migrate_asking(forced_v2, None, &mut BTreeMap::new())
    }

    /// Says that every migration of the crate from now on is checked by the compiler (see [`Asked::checked`]).
    pub fn set_checked(&mut self) {
        self.checked = true;
    }

    /// The kept `Worker` type sites the last probe wrote with placeholders, by number.
    pub fn probed_sites(&self) -> BTreeMap<usize, (usize, analysis::Loc)> {
        self.learnt.borrow().probed_sites.clone()
    }

    /// Sets what the compiler said the kept `Worker` type sites carry; later migrations write it.
    pub fn set_site_answers(&self, answers: BTreeMap<(usize, analysis::Loc), String>) {
        self.learnt.borrow_mut().site_answers = answers;
    }

    /// Sets the sites that stay 2.x's `Worker`: the compiler found each one with a pool left on v2.
    pub fn set_sites_left(&self, sites: BTreeSet<(usize, analysis::Loc)>) {
        self.learnt.borrow_mut().sites_left = sites;
    }

    /// Whether `pool` has a parameter of a generic function among its places.
    pub fn is_generic(&self, pool: &PoolId) -> bool {
        self.learnt.borrow().generic.contains(pool)
    }

    /// Whether `pool` is made and used in one free function.
    pub fn is_confined(&self, pool: &PoolId) -> bool {
        self.learnt.borrow().confined.contains(pool)
    }

    /// Whether `pool` is the `Pool` of a type alias.
    pub fn is_alias(&self, pool: &PoolId) -> bool {
        self.learnt.borrow().aliases.contains(pool)
    }

    /// Sets what the compiler said about the pools (from [`Crate::probe`]'s placeholders); later migrations use it.
    pub fn set_answers(&mut self, answers: BTreeMap<PoolId, Answer>) {
        self.learnt.get_mut().answers = answers;
    }

    /// Keeps which pools the compiler found to be one value (see [`Pool::one_with`]).
    pub fn set_one_with(&mut self, one_with: BTreeMap<PoolId, PoolId>) {
        self.learnt.get_mut().one_with = one_with;
    }

    /// Types `pool` with `job` in later migrations, when the probes found nothing about it (a check of the output
    /// showed it to be one with a pool of that type). Returns whether it did.
    pub fn answer(&self, pool: PoolId, job: &str) -> bool {
        let answers = &mut self.learnt.borrow_mut().answers;
        let nothing =
            |a: &Answer| matches!(a, Answer::Refused(Refusal::CompilerFoundNothing { .. }));
        let found_nothing = answers.get(&pool).is_some_and(nothing);
        if found_nothing {
            answers.insert(pool, Answer::Job(job.to_string()));
        }
        found_nothing
    }

    /// The migration with the answers known so far, and every pool still unsettled written with a placeholder job
    /// type, for the compiler to say what it carries.
    pub fn probe(&self) -> Probe {
        self.learnt.borrow_mut().probed_sites.clear();
        let mut placeholders = BTreeMap::new();
        let migration = self.migrate_asking(&BTreeSet::new(), Some(()), &mut placeholders);
        Probe {
            migration,
            placeholders,
        }
    }

    /// Migrates the package (see [`Crate::migrate`]); with `probe`, unsettled pools get placeholders, recorded in
    /// `placeholders`.
    fn migrate_asking(
        &self,
        forced_v2: &BTreeSet<PoolId>,
        probe: Option<()>,
        placeholders: &mut BTreeMap<usize, PoolId>,
    ) -> Migration {
        let mut m = Migration::default();
        let mut needs_v2 = false;
        for (index, unit) in self.units.iter().enumerate() {
            let learnt = self.learnt.borrow();
            let asked = Asked {
                forced_v2: (forced_v2.iter())
                    .filter(|p| p.unit == index)
                    .map(|p| p.group)
                    .collect(),
                answers: (learnt.answers.iter())
                    .filter(|(p, _)| p.unit == index)
                    .map(|(p, a)| (p.group, a.clone()))
                    .collect(),
                site_answers: (learnt.site_answers.iter())
                    .filter(|((unit, _), _)| *unit == index)
                    .map(|((_, at), job)| (*at, job.clone()))
                    .collect(),
                sites_left: (learnt.sites_left.iter())
                    .filter(|(unit, _)| *unit == index)
                    .map(|(_, at)| *at)
                    .collect(),
                checked: self.checked,
                // Each unit's placeholders are numbered apart: a package's targets are checked together.
                placeholder_base: probe
                    .map(|()| analysis::PLACEHOLDER_BASE + index * analysis::UNIT_NUMBERS),
            };
            drop(learnt);
            needs_v2 |= self.migrate_unit(index, unit, &asked, &mut m, placeholders);
        }
        if let Some(left) = &self.left {
            // Code moved to 3 under a requirement that still allows 2.x (or that names no version here) builds
            // against neither: the code stays as it is, and the report says what to write, and where.
            return self.left_as_it_is(left, &m, needs_v2);
        }
        for change in &m.changes {
            let taken = self
                .taken_in
                .iter()
                .find(|(s, _)| self.sources[**s].path == change.path);
            if let Some((_, why)) = taken {
                m.lines
                    .push(Line::file(&change.path, Kind::Note, TAKEN_IN, why.clone()));
            }
        }
        let keeps_v2 = needs_v2 || self.unread_may_use_v2;
        if let (Some((path, text)), false) = (&self.manifest, keeps_v2 || self.others_on_v2) {
            // A feature a first run added (or the user wrote as its note said) that nothing needs any more.
            let manifest = Manifest::parse(text).ok();
            if let Some(m3) =
                manifest.filter(|m| m.requirement() == Requirement::V3 && m.has_v2_feature())
            {
                let at = m3.line_of_entry().map(|l| (l, 1));
                let message = "no code of this package names workerpool::v2 once this run is written: the `v2` feature turned on here is no longer needed (take \"v2\" out of the features)";
                m.lines.push(Line {
                    at,
                    ..Line::file(path, Kind::Note, V2_FEATURE_UNUSED, message)
                });
            }
        }
        let manifest = self.manifest_change(keeps_v2);
        m.changes.extend(manifest.filter(|c| c.new != c.old));
        m
    }

    /// The manifest migrated, with the `v2` feature when `needs_v2` (the text may be the same).
    fn manifest_change(&self, needs_v2: bool) -> Option<Change> {
        let (path, old) = self.manifest.as_ref()?;
        let new = Manifest::parse(old).ok()?.migrate(needs_v2);
        Some(Change {
            path: path.clone(),
            old: old.clone(),
            new,
        })
    }

    /// The manifest's change with no `v2` feature, when the migration moves it to 3 and nothing else keeps the feature
    /// (a file that cannot be read): for a migration whose sources the compiler's fixes left naming no `v2`.
    pub fn manifest_without_v2(&self) -> Option<Change> {
        let feature_kept = self.left.is_some() || self.unread_may_use_v2;
        self.manifest_change(false).filter(|_| !feature_kept)
    }

    /// The migration under a requirement left as it is: no change, and one line at the requirement saying what to
    /// write there for the migration `m` (whose pools left on v2 need the feature when `needs_v2`).
    fn left_as_it_is(&self, left: &LeftRequirement, m: &Migration, needs_v2: bool) -> Migration {
        let package = &*crate::manifest::PACKAGE;
        let mut fields = Vec::new();
        if package.renamed() {
            fields.push(format!("package = \"{}\"", package.name()));
        }
        fields.push(format!("version = \"{}\"", package.requirement()));
        if needs_v2 {
            fields.push("features = [\"v2\"]".into());
        }
        let line = match fields.as_slice() {
            [version] => format!("workerpool = {}", &version["version = ".len()..]),
            _ => format!("workerpool = {{ {} }}", fields.join(", ")),
        };
        let would = if m.changes.is_empty() {
            "nothing else would change".to_string()
        } else {
            format!(
                "the code is left as it is too, so that it still builds against what the requirement allows \
                 ({} of it would change)",
                crate::report::plural(m.changes.len(), "file")
            )
        };
        let message = format!(
            "workerpool requirement left as it is: {}; {would}: write `{line}` there, then run migrate again",
            left.why
        );
        Migration {
            lines: vec![Line {
                path: left.path.clone(),
                at: left.line.map(|l| (l, 1)),
                kind: Kind::Note,
                id: "requirement-left",
                message,
            }],
            ..Migration::default()
        }
    }

    /// Migrates one unit into `m`; returns whether its code still needs the `v2` feature.
    fn migrate_unit(
        &self,
        index: usize,
        unit: &Unit,
        asked: &Asked,
        m: &mut Migration,
        placeholders: &mut BTreeMap<usize, PoolId>,
    ) -> bool {
        let inputs: Vec<Input<'_>> = unit
            .files
            .iter()
            .map(|&p| {
                let (i, syntax) = &self.parsed[p];
                Input {
                    source: &self.sources[*i],
                    syntax,
                    root_is_v2: unit.root_is_v2,
                    library_root: unit
                        .library
                        .as_ref()
                        .filter(|(lib, _)| *lib == p)
                        .map(|(_, name)| name.as_str()),
                    public_api: unit.library.is_some() || self.root.is_none(),
                    outside_library: (unit.library.as_ref())
                        .filter(|_| !unit.library_files.contains(&p))
                        .map(|(_, name)| name.as_str()),
                }
            })
            .collect();
        let outcome = analysis::analyze(&inputs, asked);
        let pool = |&group: &GroupId| PoolId { unit: index, group };
        for (number, group) in &outcome.probed {
            placeholders.insert(*number, pool(group));
        }
        let mut learnt = self.learnt.borrow_mut();
        learnt.generic.extend(outcome.generic.iter().map(pool));
        learnt.confined.extend(outcome.confined.iter().map(pool));
        learnt.aliases.extend(outcome.aliases.iter().map(pool));
        (learnt.probed_sites).extend(outcome.probed_sites.iter().map(|&(n, at)| (n, (index, at))));
        drop(learnt);
        let place = |loc: analysis::Loc| {
            let s = inputs[loc.file.index()].source;
            (s.path.clone(), s.line_col(loc.offset))
        };
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
            let sites = group
                .sites
                .iter()
                .map(|&l| place(l))
                .map(|(p, (line, _))| (p, line));
            let one_with = self.learnt.borrow().one_with.get(&pool(&group.id)).copied();
            m.pools.push(Pool {
                one_with: one_with.unwrap_or(pool(&group.id)),
                id: pool(&group.id),
                migrates: group.migrates,
                path,
                at,
                sites: sites.collect(),
                job: group.job.clone(),
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
        outcome.needs_v2
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

/// Which files to load, how they group into units, and which were taken in beyond the paths given.
struct Plan {
    /// The files, each once.
    files: Vec<PathBuf>,
    /// Each unit's files, as indices into `files`.
    units: Vec<Vec<usize>>,
    /// Files taken in (index into `files`), with why.
    taken_in: Vec<(usize, String)>,
    /// Roots of targets neither given nor taken in whose code is on 2.x, with what to do.
    hints: Vec<(PathBuf, String)>,
    /// The library's root file (index into `files`) and the name the other targets call the library by.
    library: Option<(usize, String)>,
    /// The library's files (indices into `files`).
    library_files: Vec<usize>,
}

impl Plan {
    /// All `files` as one unit: files no manifest places.
    fn loose(files: &[PathBuf]) -> Plan {
        Plan {
            files: files.to_vec(),
            units: if files.is_empty() {
                Vec::new()
            } else {
                vec![(0..files.len()).collect()]
            },
            taken_in: Vec::new(),
            hints: Vec::new(),
            library: None,
            library_files: Vec::new(),
        }
    }
}

/// Splits the `given` files of the package in `package` into its crate roots, as cargo builds them: each target
/// (with its modules) is analysed on its own, so two binaries that both define `struct App` are not mixed up.
/// Targets that share a file, and a target that names the library crate (`mylib::App`), are analysed together
/// with it, since names cross there. When the manifest moves from 2.x to 3, every target is migrated whole, given
/// or not: its 2.x code (also through the library's re-exports, `mylib::TaskPool`) would no longer compile. Under
/// any other requirement, a target not given whose code is on 2.x gets a hint.
fn plan(found: Vec<Target>, given: &[PathBuf], requirement: &Requirement) -> Plan {
    let take_in = *requirement == Requirement::V2;
    // Files are told apart by their canonical path: `src/lib.rs` as given is the library's root found from the
    // manifest's directory.
    let key = |p: &Path| {
        p.canonicalize()
            .unwrap_or_else(|_| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()))
    };
    let given_keys: Vec<PathBuf> = given.iter().map(|p| key(p)).collect();
    let found_keys: Vec<Vec<PathBuf>> = found
        .iter()
        .map(|t| t.files.iter().map(|f| key(f)).collect())
        .collect();
    // Each file's text, read once.
    let mut texts: BTreeMap<PathBuf, String> = BTreeMap::new();
    let mut text = |t: usize, f: usize| -> String {
        texts
            .entry(found_keys[t][f].clone())
            .or_insert_with(|| std::fs::read_to_string(&found[t].files[f]).unwrap_or_default())
            .clone()
    };
    let mut plan = Plan::loose(&[]);
    // The files (indices into the target's) each target takes part with; none: it does not.
    let members: Vec<Vec<usize>> = found_keys
        .iter()
        .map(|keys| {
            (0..keys.len())
                .filter(|&f| take_in || given_keys.contains(&keys[f]))
                .collect()
        })
        .collect();
    if matches!(requirement, Requirement::V3 | Requirement::Left(_)) {
        for (t, target) in found.iter().enumerate() {
            let files = 0..target.files.len();
            if !members[t].is_empty()
                || !files
                    .clone()
                    .any(|f| targets::mentions(&text(t, f), "workerpool"))
            {
                continue;
            }
            let code: Vec<String> = files.map(|f| text(t, f)).collect();
            let root = shown(&target.root);
            let (what, root) = (describe(target), root.display());
            let hint = if analysis::root_is_v2(&code.iter().map(String::as_str).collect::<Vec<_>>())
            {
                format!(
                    "{what} {root} of this package still uses the 2.x API (it names what only 2.x has) and is not among the paths given: migrate it too (`migrate {root}`), or it will not build against workerpool 3"
                )
            } else if code.iter().any(|c| c.contains("workerpool::v2")) {
                // What a first run left on v2 (a test that asserted NoWorkers, since rewritten) is met again here.
                format!(
                    "{what} {root} of this package names workerpool::v2 (code an earlier run left on v2) and is not among the paths given: give it too (`migrate {root}` beside the paths given), or the pools it shares with them stay on v2"
                )
            } else {
                continue;
            };
            plan.hints.push((shown(&target.root), hint));
        }
    }
    // Targets whose names can cross are analysed together: those that share a file, and a target that names the
    // library crate with the library.
    let mut unit: Vec<usize> = (0..found.len()).collect();
    fn top(unit: &[usize], mut t: usize) -> usize {
        while unit[t] != t {
            t = unit[t];
        }
        t
    }
    fn join(unit: &mut [usize], a: usize, b: usize) {
        let (ta, tb) = (top(unit, a), top(unit, b));
        unit[tb] = ta;
    }
    let mut first_with: BTreeMap<&PathBuf, usize> = BTreeMap::new();
    for (t, files) in members.iter().enumerate() {
        for &f in files {
            match first_with.get(&found_keys[t][f]) {
                Some(&other) => join(&mut unit, other, t),
                None => {
                    first_with.insert(&found_keys[t][f], t);
                }
            }
        }
    }
    let lib = found.iter().position(|t| t.kind == "lib");
    let lib_name = lib.map(|l| found[l].name.clone());
    if let (Some(lib), Some(name)) = (lib, &lib_name)
        && !members[lib].is_empty()
    {
        for t in (0..found.len()).filter(|&t| t != lib) {
            if members[t]
                .iter()
                .any(|&f| targets::names_crate(&text(t, f), name))
            {
                join(&mut unit, lib, t);
            }
        }
    }
    // Index into plan.files of each file, by key.
    let mut placed: BTreeMap<PathBuf, usize> = BTreeMap::new();
    // Index into plan.units of each union's top target.
    let mut unit_of: BTreeMap<usize, usize> = BTreeMap::new();
    for (t, files) in members.iter().enumerate() {
        for &f in files {
            let k = &found_keys[t][f];
            let at = match placed.get(k) {
                Some(&at) => at,
                None => {
                    match given_keys.iter().position(|g| g == k) {
                        Some(g) => plan.files.push(given[g].clone()),
                        None => {
                            plan.files.push(shown(&found[t].files[f]));
                            let why = format!(
                                "taken in beyond the paths given: it belongs to {} {} of this package, whose Cargo.toml moves to workerpool 3; left as it was, its 2.x code would no longer compile",
                                describe(&found[t]),
                                shown(&found[t].root).display(),
                            );
                            plan.taken_in.push((plan.files.len() - 1, why));
                        }
                    }
                    placed.insert(k.clone(), plan.files.len() - 1);
                    plan.files.len() - 1
                }
            };
            let next = plan.units.len();
            let u = *unit_of.entry(top(&unit, t)).or_insert(next);
            if u == next {
                plan.units.push(Vec::new());
            }
            if !plan.units[u].contains(&at) {
                plan.units[u].push(at);
            }
        }
    }
    if let (Some(lib), Some(name)) = (lib, lib_name)
        && let Some(&at) = placed.get(&key(&found[lib].root))
    {
        plan.library = Some((at, name));
        let lib_files = found_keys[lib].iter().filter_map(|k| placed.get(k));
        plan.library_files = lib_files.copied().collect();
    }
    // Given files that no target reaches (a file no `mod` declares) are analysed together, as before.
    let mut loose = Vec::new();
    for (path, k) in given.iter().zip(&given_keys) {
        if !placed.contains_key(k) {
            plan.files.push(path.clone());
            placed.insert(k.clone(), plan.files.len() - 1);
            loose.push(plan.files.len() - 1);
        }
    }
    if !loose.is_empty() {
        plan.units.push(loose);
    }
    plan
}

/// A target as the report names it.
fn describe(target: &Target) -> &'static str {
    match target.kind {
        "lib" => "the library",
        "bin" => "the binary",
        "example" => "the example",
        "test" => "the test",
        "bench" => "the benchmark",
        _ => "the build script",
    }
}

/// `path` relative to the current directory when it is under it, as a person would type it.
fn shown(path: &Path) -> PathBuf {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discover::targets::tests::package;

    const MANIFEST_V2: &str = "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nworkerpool = \"2\"\n";

    /// A 2.x program of one pool whose job type is `job`.
    fn program(job: &str, value: &str) -> String {
        format!(
            "use workerpool::{{Pool, Worker}};\n\nfn main() {{\n    let pool = Pool::new(1);\n    pool.add_worker(&Worker::new(|n: {job}| drop(n))).unwrap();\n    pool.delegate({value}).unwrap();\n}}\n"
        )
    }

    /// The package's files that the migration changes, relative to it, sorted.
    fn changed(dir: &Path, m: &Migration) -> Vec<String> {
        let root = dir.canonicalize().unwrap();
        let mut out: Vec<String> = m
            .changes
            .iter()
            .map(|c| {
                let path = c.path.canonicalize().unwrap();
                path.strip_prefix(&root).unwrap().display().to_string()
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn a_file_given_twice_and_a_file_no_target_declares_are_each_analysed_once() {
        let dir = package(
            MANIFEST_V2,
            &[
                ("src/main.rs", &program("u8", "1u8")),
                ("src/orphan.rs", &program("u16", "1u16")),
            ],
        );
        let main = dir.path().join("src/main.rs");
        let again = dir.path().join("src/../src/main.rs");
        let orphan = dir.path().join("src/orphan.rs");
        let m = Crate::load(Some(dir.path()), &[main, again, orphan]).migrate(&BTreeSet::new());
        assert_eq!(
            changed(dir.path(), &m),
            ["Cargo.toml", "src/main.rs", "src/orphan.rs"]
        );
        assert_eq!(m.migrated(), 2);
    }
}
