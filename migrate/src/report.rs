//! The report: one line per site that matters, and the summary that closes it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// How serious a report line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// A file or path that could not be handled.
    Error,
    /// A pool that stays on `workerpool::v2`.
    LeftOnV2,
    /// A migrated site where 3.x behaves differently.
    BehaviourChange,
    /// Anything else worth knowing.
    Note,
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
    /// The text.
    pub message: String,
}

impl Line {
    /// A line about a whole file.
    pub fn file(path: &Path, kind: Kind, message: impl Into<String>) -> Line {
        Line {
            path: path.to_path_buf(),
            at: None,
            kind,
            message: message.into(),
        }
    }
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
    /// Their sites (constructors, types, calls).
    pub sites_migrated: usize,
    /// Pools left on v2.
    pub pools_left: usize,
    /// Whether some migrated code meets the behaviour changes of 3.x.
    pub migrated_anything: bool,
}

/// Behaviour of 3.x that differs everywhere, not at one site: listed once.
const CHECK_EVERYWHERE: [&str; 5] = [
    "stop() now runs every queued job on the workers left, waits for them to exit, and returns the jobs no worker was left to run; the pool stays stopped",
    "dropping a pool now does the same as stop() (it waits for the workers)",
    "delegate() on a pool without workers now queues the job (a worker added later runs it) instead of failing with NoWorkers",
    "a panicking job no longer takes its worker down; Builder::panic_handler sees the payload",
    "delegate's error is DelegateError<T>, which hands the job back; `?` still converts it into workerpool::Error, Box<dyn Error> and anyhow::Error",
];

impl Report {
    /// Whether any line is an error.
    pub fn has_errors(&self) -> bool {
        self.lines.iter().any(|l| l.kind == Kind::Error)
    }

    /// The report as printed: lines sorted by file and position, then the summary. `wrote` says whether files
    /// were written (or would have been, under --check/--diff).
    pub fn render(&self, wrote: bool) -> String {
        let mut lines = self.lines.clone();
        lines.sort_by(|a, b| (&a.path, a.at, a.kind).cmp(&(&b.path, b.at, b.kind)));
        lines.dedup_by(|a, b| a.path == b.path && a.at == b.at && a.message == b.message);
        let mut out = String::new();
        for line in &lines {
            let label = match line.kind {
                Kind::Error => "error",
                Kind::LeftOnV2 => "left on v2",
                Kind::BehaviourChange => "behaviour change",
                Kind::Note => "note",
            };
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
        let errors = lines.iter().filter(|l| l.kind == Kind::Error).count();
        writeln!(
            out,
            "summary: {} {verb}, {} migrated ({}), {} left on v2, {}",
            plural(self.files_changed, "file"),
            plural(self.pools_migrated, "pool"),
            plural(self.sites_migrated, "site"),
            plural(self.pools_left, "pool"),
            plural(errors, "error"),
        )
        .expect("writing to a String");
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
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}
