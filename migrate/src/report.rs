//! The report: one line per site that matters, and the summary that closes it, as text or as JSON.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

/// What a report line is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A file or path that could not be handled.
    Error,
    /// A pool that stays on `workerpool::v2`.
    LeftOnV2,
    /// A migrated site where 3.x behaves differently.
    BehaviourChange,
    /// Anything else worth knowing.
    Note,
    /// A site that was migrated (listed in the JSON report only; the text report counts them).
    Migrated,
}

impl Kind {
    /// The label the text report prints.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Error => "error",
            Kind::LeftOnV2 => "left on v2",
            Kind::BehaviourChange => "behaviour change",
            Kind::Note => "note",
            Kind::Migrated => "migrated",
        }
    }
}

/// How the report is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// Lines for a person, on stderr.
    #[default]
    Text,
    /// One JSON object, on stdout, for CI and editors.
    Json,
}

/// One line of the report.
#[derive(Debug, Clone)]
pub struct Line {
    /// The file.
    pub path: PathBuf,
    /// 1-based line and column, when the line is about a site.
    pub at: Option<(usize, usize)>,
    /// What kind of line.
    pub kind: Kind,
    /// A stable name of the rule or reason, for tools (`"needs-compiler"`; for a pool left on v2 one of
    /// [`crate::analysis::Refusal::IDS`]); the message may be reworded.
    pub id: &'static str,
    /// The text.
    pub message: String,
}

impl Line {
    /// A line about a whole file.
    pub fn file(path: &Path, kind: Kind, id: &'static str, message: impl Into<String>) -> Line {
        Line {
            path: path.to_path_buf(),
            at: None,
            kind,
            id,
            message: message.into(),
        }
    }
}

/// Whether the compiler checked a package's migrated code, and each check it ran.
#[derive(Debug, Clone)]
pub struct Verification {
    /// The package's Cargo.toml (or the first file changed, when there is none).
    pub manifest: PathBuf,
    /// `None`: `cargo check --all-targets` passes on the code written; `Some(why)`: it was not checked.
    pub not_checked: Option<String>,
    /// Every check run, in order.
    pub checks: Vec<CheckTime>,
}

/// One `cargo check` a run made: what it checked, how long it took, whether it passed.
#[derive(Debug, Clone, Serialize)]
pub struct CheckTime {
    /// What was checked: `the crate before migration`, `the migrated crate`, a trial of the halving.
    pub what: String,
    /// How long cargo ran, in seconds.
    pub seconds: f64,
    /// Whether it passed.
    pub passed: bool,
}

/// Everything one run reports.
#[derive(Debug, Default)]
pub struct Report {
    /// Report lines, in the order found.
    pub lines: Vec<Line>,
    /// Files changed (or that would change).
    pub files_changed: usize,
    /// Pools migrated.
    pub pools_migrated: usize,
    /// Pools left on v2.
    pub pools_left: usize,
    /// Whether some migrated code meets the behaviour changes of 3.x.
    pub migrated_anything: bool,
    /// For each package whose files change, whether the compiler checked the result.
    pub verifications: Vec<Verification>,
}

/// Behaviour of 3.x that differs everywhere, not at one site: listed once.
const CHECK_EVERYWHERE: [&str; 6] = [
    "add_worker() now returns the worker's WorkerHandle, not 2.x's Result that was always Ok(()): the `?`, `.unwrap()` or `.expect(..)` after it was dropped",
    "stop() now runs every queued job on the workers left, waits for them to exit, and returns the jobs no worker was left to run; the pool stays stopped",
    "dropping a pool now does the same as stop() (it waits for the workers)",
    "delegate() on a pool without workers now queues the job (a worker added later runs it) instead of failing with NoWorkers",
    "a panicking job no longer takes its worker down; Builder::panic_handler sees the payload",
    "delegate's error is DelegateError<T>, which hands the job back; `?` still converts it into workerpool::Error, Box<dyn Error> and anyhow::Error",
];

/// The id of the line about an import the migrated code keeps on `workerpool::v2`.
pub const IMPORT_ON_V2: &str = "import-on-v2";

/// The id of the line about a path the migrated code writes as `workerpool::v2::X`.
pub const PATH_ON_V2: &str = "path-on-v2";

/// Ids of the lines about a place that names `workerpool::v2` in the written code.
pub const ON_V2_IDS: [&str; 3] = [IMPORT_ON_V2, PATH_ON_V2, crate::analysis::Note::REEXPORT];

/// The JSON report's shape (`--format json`); `version` changes when a field changes meaning or goes.
#[derive(Serialize)]
struct JsonReport<'a> {
    version: u32,
    sites: Vec<JsonSite<'a>>,
    summary: JsonSummary<'a>,
}

#[derive(Serialize)]
struct JsonSite<'a> {
    file: String,
    line: Option<usize>,
    column: Option<usize>,
    kind: Kind,
    id: &'a str,
    message: &'a str,
}

#[derive(Serialize)]
struct JsonSummary<'a> {
    written: bool,
    files_changed: usize,
    pools_migrated: usize,
    sites_migrated: usize,
    pools_left_on_v2: usize,
    places_on_v2: usize,
    errors: usize,
    verification: Vec<JsonVerification<'a>>,
    check_everywhere: Vec<&'static str>,
}

#[derive(Serialize)]
struct JsonVerification<'a> {
    manifest: String,
    checked: bool,
    not_checked_because: Option<&'a str>,
    checks: &'a [CheckTime],
}

impl Report {
    /// The lines sorted by file and position, without repeats.
    fn sorted(&self) -> Vec<Line> {
        let mut lines = self.lines.clone();
        lines.sort_by(|a, b| (&a.path, a.at, a.kind).cmp(&(&b.path, b.at, b.kind)));
        lines.dedup_by(|a, b| a.path == b.path && a.at == b.at && a.message == b.message);
        lines
    }

    fn count(lines: &[Line], kind: Kind) -> usize {
        lines.iter().filter(|l| l.kind == kind).count()
    }

    /// Places the written code names `workerpool::v2`: each has a line (an import, a path, a re-export).
    fn places_on_v2(lines: &[Line]) -> usize {
        lines.iter().filter(|l| ON_V2_IDS.contains(&l.id)).count()
    }

    /// The report as printed for a person: lines sorted by file and position (migrated sites only counted), then
    /// the summary. `wrote` says whether files were written (or would have been, under --check/--diff).
    pub fn render_text(&self, wrote: bool) -> String {
        let lines = self.sorted();
        let mut out = String::new();
        for line in lines.iter().filter(|l| l.kind != Kind::Migrated) {
            let label = line.kind.label();
            match line.at {
                Some((l, c)) => writeln!(
                    out,
                    "{}:{l}:{c}: {label}: {}",
                    line.path.display(),
                    line.message
                ),
                None => writeln!(out, "{}: {label}: {}", line.path.display(), line.message),
            }
            .expect("writing to a String");
        }
        let verb = if wrote { "changed" } else { "would change" };
        let on_v2 = match Self::places_on_v2(&lines) {
            0 => String::new(),
            1 => " (1 place names workerpool::v2)".to_string(),
            n => format!(" ({n} places name workerpool::v2)"),
        };
        writeln!(
            out,
            "summary: {} {verb}, {} migrated ({}), {} left on v2{on_v2}, {}",
            plural(self.files_changed, "file"),
            plural(self.pools_migrated, "pool"),
            plural(Self::count(&lines, Kind::Migrated), "site"),
            plural(self.pools_left, "pool"),
            plural(Self::count(&lines, Kind::Error), "error"),
        )
        .expect("writing to a String");
        for v in &self.verifications {
            let manifest = v.manifest.display();
            match &v.not_checked {
                None => writeln!(
                    out,
                    "checked: {manifest}: cargo check --all-targets passes on the code written ({})",
                    plural(v.checks.len(), "check")
                ),
                Some(why) => writeln!(out, "not checked: {manifest}: {why}"),
            }
            .expect("writing to a String");
        }
        if self.pools_left > 0 {
            out.push_str("pools left on v2 need the cargo feature \"v2\" of workerpool 3 (migrate adds it to the Cargo.toml it updates); migrate them by hand, then drop the feature\n");
        }
        if self.migrated_anything {
            out.push_str("check by hand, everywhere the migrated pools are used (3.x behaves differently):\n");
            for item in CHECK_EVERYWHERE {
                writeln!(out, "  - {item}").expect("writing to a String");
            }
        }
        out
    }

    /// The report as one JSON object (and a newline): every site, migrated ones included, then the summary.
    pub fn render_json(&self, wrote: bool) -> String {
        let lines = self.sorted();
        let sites = lines
            .iter()
            .map(|l| JsonSite {
                file: l.path.display().to_string(),
                line: l.at.map(|a| a.0),
                column: l.at.map(|a| a.1),
                kind: l.kind,
                id: l.id,
                message: &l.message,
            })
            .collect();
        let report = JsonReport {
            version: 1,
            sites,
            summary: JsonSummary {
                written: wrote,
                files_changed: self.files_changed,
                pools_migrated: self.pools_migrated,
                sites_migrated: Self::count(&lines, Kind::Migrated),
                pools_left_on_v2: self.pools_left,
                places_on_v2: Self::places_on_v2(&lines),
                errors: Self::count(&lines, Kind::Error),
                verification: self
                    .verifications
                    .iter()
                    .map(|v| JsonVerification {
                        manifest: v.manifest.display().to_string(),
                        checked: v.not_checked.is_none(),
                        not_checked_because: v.not_checked.as_deref(),
                        checks: &v.checks,
                    })
                    .collect(),
                check_everywhere: if self.migrated_anything {
                    CHECK_EVERYWHERE.to_vec()
                } else {
                    Vec::new()
                },
            },
        };
        let mut out = serde_json::to_string_pretty(&report).expect("the report serializes");
        out.push('\n');
        out
    }
}

/// `1 pool`, `2 pools`.
pub(crate) fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}
