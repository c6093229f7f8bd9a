//! Command-line arguments and the help text (the book's migration chapter follows it step by step).

use std::path::PathBuf;

use clap::{Parser, ValueEnum};

use crate::report::Format;
use crate::run::{Mode, Options};

/// Upgrades Rust code from workerpool 2.x (the untyped `Pool`) to 3.x (the typed `Pool<T>`).
///
/// Rewrites every call site of the 2.x API in the given files and directories: imports, `Pool::new(n)` (which gets
/// its job type), `Pool` in types (`Pool<T>`), `Worker::new(f)` + `add_worker(&w)` (now `add_worker(f)`, keeping the
/// returned WorkerHandle where `remove_worker(&w)` needs it), `remove_worker` (now `handle.remove()`) and
/// `workers_num()` (now `workers()`). The `workerpool` requirement in Cargo.toml becomes "3". Every byte outside a
/// rewritten site stays as it was.
#[derive(Debug, Parser)]
#[command(
    name = "migrate",
    version,
    about,
    long_about,
    after_long_help = AFTER_HELP,
    after_help = "Run with --help for the steps, the report and the exit codes."
)]
pub struct Args {
    /// Rust files or directories to migrate. Directories are searched for .rs files, respecting .gitignore and
    /// skipping target/. The files are split into the package's crate roots as cargo builds them (the library,
    /// each binary, example, test and bench, each with the modules it declares), and each root is analysed on its
    /// own; a binary that names the library crate is analysed with it. The Cargo.toml beside or above them is
    /// updated too; when it moves from 2.x to 3, every other target of the package is migrated with them (reported
    /// as "taken in" where it changes), so that `cargo test` still builds.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Print a unified diff of every change (Cargo.toml included) and the report; write nothing.
    #[arg(long, conflicts_with = "check")]
    pub diff: bool,

    /// Write nothing; exit with status 1 if any file would change (for CI).
    #[arg(long)]
    pub check: bool,

    /// Write without checking the result with the compiler. By default, when the package builds before migration
    /// (`cargo check --all-targets`), migrate checks what it wrote the same way; if that fails, it finds the pools
    /// whose rewrite breaks it by halving the set of migrated pools, puts those back on workerpool::v2 (saying
    /// which, with the compiler's first error), and keeps the others migrated. With --no-verify, for a crate that
    /// cannot be built on this machine, the report says the output was not checked.
    #[arg(long, conflicts_with_all = ["check", "diff"])]
    pub no_verify: bool,

    /// What migrate does by default now (check the result with cargo check); kept so that scripts that pass it
    /// still work.
    #[arg(long, hide = true, conflicts_with_all = ["check", "diff", "no_verify"])]
    pub verify: bool,

    /// Rewrite files even if they have uncommitted changes in their git work tree.
    #[arg(long)]
    pub allow_dirty: bool,

    /// How to print the report: `text` on stderr, or `json`: one object on stdout with every site (migrated ones
    /// included) and the summary.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text, value_name = "FORMAT", conflicts_with = "diff")]
    pub format: ReportFormat,
}

/// The values of `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// One line per site, for a person.
    Text,
    /// One JSON object, for CI and editors.
    Json,
}

impl Args {
    /// The options these arguments ask for.
    pub fn options(self) -> Options {
        let mode = if self.diff {
            Mode::Diff
        } else if self.check {
            Mode::Check
        } else {
            Mode::Write
        };
        Options {
            paths: self.paths,
            mode,
            allow_dirty: self.allow_dirty,
            no_verify: self.no_verify,
            format: match self.format {
                ReportFormat::Text => Format::Text,
                ReportFormat::Json => Format::Json,
            },
        }
    }
}

/// The long help's closing part: how to use the tool and read its report.
pub const AFTER_HELP: &str = "\
Steps:
  1. Commit your work (migrate refuses files with uncommitted changes unless --allow-dirty).
  2. Dry run:  migrate --diff src/      shows every change and the report; writes nothing.
  3. Migrate:  migrate src/             rewrites the files; Cargo.toml's workerpool requirement becomes \"3\",
               and the package's other targets that use 2.x (tests/, examples/, benches/, src/bin/) with them.
  4. Check:    step 3 checks the package with cargo check --all-targets before writing and after; when the
               result fails, it puts back on v2 the pools whose rewrite breaks it. (--no-verify skips this;
               --diff and --check write nothing, so they do not compile the result, and say so.) Then run
               cargo test.
  5. Fix by hand what the report lists as \"left on v2\", then run migrate again: it picks up what it can.

The report (on stderr), one line per site:
  FILE:LINE:COL: left on v2: REASON
      That pool was not migrated, because the tool could not do it with certainty. Its code now names
      workerpool::v2, the untyped 2.x API kept in 3.x behind the cargo feature \"v2\", which migrate adds to
      Cargo.toml while anything still needs it. The crate keeps compiling (with deprecation warnings) and
      behaving as with 2.x. Migrate that pool by hand, then drop the feature.
  FILE:LINE:COL: behaviour change: WHAT
      Migrated, but 3.x behaves differently at this site: check that the code still does what you want.
  FILE:LINE:COL: note: WHAT
      A place the written code names workerpool::v2, and why: an import or a path of a pool left on v2, a
      re-export, a use of Error that belongs to no pool. The summary counts these places.
  FILE: note: taken in beyond the paths given: WHY
      A file of another target of the package (a test, an example, ...) that migrate rewrote too: the
      package's Cargo.toml moves to workerpool 3, and its 2.x code would no longer compile otherwise.
  FILE: note: ... still uses the 2.x API ... migrate it too (`migrate FILE`)
      A target of the package you did not name whose code is still on 2.x while Cargo.toml already asks
      for 3 (an earlier run left it behind): run the command shown.
  FILE: error: WHAT
      The file could not be read or parsed; it is left untouched and the other files are still migrated.
      If it may be 2.x code, Cargo.toml keeps the feature \"v2\", so that it builds once fixed.
  Cargo.toml:LINE:1: note: workerpool requirement left as it is: WHY ...: write `LINE` there
      A requirement migrate does not move (a range such as \">=2.1, <3\", workspace = true: then the line is
      the workspace's [workspace.dependencies] entry): the code is left as it is too, so that it still
      builds; write the line shown, then run migrate again.
A summary closes the report, then for each package written:
  checked: Cargo.toml: cargo check --all-targets passes on the code written (N checks)
  not checked: Cargo.toml: WHY
      WHY is --no-verify, --diff or --check, no Cargo.toml, or that the package did not build before
      migration (with the compiler's first error): then nothing tells whether the result builds.
Each check is shown while it runs, with how long it took. Then come the behaviour changes of 3.x to check
everywhere.

With --format json the report is one JSON object on stdout (the checks' progress stays on stderr):
  {\"version\": 1, \"sites\": [{\"file\", \"line\", \"column\", \"kind\", \"id\", \"message\"}, ...], \"summary\": {...}}
  summary.verification lists, per package, \"checked\", \"not_checked_because\" and \"checks\" (what, seconds, passed).
  kind is \"migrated\", \"left_on_v2\", \"behaviour_change\", \"note\" or \"error\"; id names the rule or reason and
  stays the same when the message is reworded; line and column are null for a line about a whole file.

Running migrate again on migrated code changes nothing.

Exit status:
  0  done (or nothing to do)
  1  with --check: some file would change
  2  an error: a path that does not exist, a file that could not be read or parsed, uncommitted changes
     without --allow-dirty, cargo check that cannot run or is stopped, Ctrl-C, or a package that built
     before migration and fails even with every pool on v2 (every file written is put back)";
