//! The command line: render the page (the default), or `compare` two runs.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::compare::{CompareOptions, Comparison, DEFAULT_ALPHA, DEFAULT_THRESHOLD_PCT, Run, Side};
use crate::noise::{Noise, NoiseOptions};
use crate::{Options, RunPolicy};

/// Turns criterion's results into a performance page: SVG charts, tables and a JSON summary.
///
/// With no results yet it runs the page's benchmark command first, and records the machine,
/// toolchain and commit beside the results (environment.json).
#[derive(Debug, Parser)]
#[command(name = "bench-report", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do other than render the page.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// How to render the page.
    #[command(flatten)]
    pub render: RenderArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Compares two criterion runs (or two sets of runs): per benchmark both times, the change, and a
    /// verdict from a Mann–Whitney U test on their samples; a geometric mean per group.
    Compare(CompareArgs),
    /// Measures how much runs of the same code differ on this machine (an A/A check) and suggests the
    /// --threshold that `compare` needs here.
    Noise(NoiseArgs),
    /// Records this machine, toolchain and commit as the facts of a run made with plain `cargo bench`
    /// (run it right after): rendering and `compare` show them, and refuse them once a later run
    /// replaced the results.
    Record(RecordArgs),
}

/// The arguments of `record`.
#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The baseline the run was saved as (`--save-baseline NAME`); without it, the latest run.
    #[arg(long, value_name = "NAME")]
    pub baseline: Option<String>,
    /// criterion's output directory. Default: as for rendering the page.
    #[arg(long, value_name = "DIR")]
    pub criterion_dir: Option<PathBuf>,
    /// A name for the machine.
    #[arg(long, value_name = "NAME")]
    pub machine: Option<String>,
}

/// The arguments of rendering the page.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The page description (TOML). Default: book/performance.toml here or in a parent directory.
    #[arg(long, value_name = "FILE")]
    pub page: Option<PathBuf>,
    /// criterion's output directory. Default: $CRITERION_HOME, else $CARGO_TARGET_DIR/criterion, else
    /// target/criterion beside the workspace's Cargo.lock.
    #[arg(long, value_name = "DIR")]
    pub criterion_dir: Option<PathBuf>,
    /// Run the benchmarks even if there are results.
    #[arg(long, conflicts_with = "no_run")]
    pub rerun: bool,
    /// Never run the benchmarks; fail if there are no results.
    #[arg(long)]
    pub no_run: bool,
    /// A name for the machine: recorded with a run, or shown for results that recorded none.
    #[arg(long, value_name = "NAME")]
    pub machine: Option<String>,
}

/// The arguments of `compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The run before: a baseline saved with `cargo bench -- --save-baseline NAME`, or a directory of
    /// criterion results (its latest run). Several runs of the same code, joined by commas
    /// (`main-1,main-2,main-3`), are combined: a change must then also exceed the drift between them.
    #[arg(value_name = "OLD")]
    pub old: String,
    /// The run after, named the same way (one run, or several joined by commas).
    #[arg(value_name = "NEW")]
    pub new: String,
    /// Where baselines are looked up. Default: as for rendering the page.
    #[arg(long, value_name = "DIR")]
    pub criterion_dir: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    pub format: Format,
    /// Exit with status 1 when a benchmark is slower, with significance, by more than PCT percent. PCT
    /// below --threshold is an error: the gate could not see such a change.
    #[arg(long, value_name = "PCT")]
    pub fail_on_regression: Option<f64>,
    /// Exit with status 1 when a benchmark of OLD is missing from NEW.
    #[arg(long)]
    pub fail_on_missing: bool,
    /// The significance level: a difference counts when the test's p-value is below it.
    #[arg(long, value_name = "P", default_value_t = DEFAULT_ALPHA)]
    pub alpha: f64,
    /// The smallest change called faster or slower, in percent: a smaller one is no clear difference
    /// however significant.
    #[arg(long, value_name = "PCT", default_value_t = DEFAULT_THRESHOLD_PCT)]
    pub threshold: f64,
}

/// The arguments of `noise`.
#[derive(Debug, Args)]
pub struct NoiseArgs {
    /// Two or more runs of the same code (baselines or result directories), made one after the other.
    #[arg(value_name = "RUN", num_args = 2.., required = true)]
    pub runs: Vec<String>,
    /// Where baselines are looked up. Default: as for rendering the page.
    #[arg(long, value_name = "DIR")]
    pub criterion_dir: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    pub format: Format,
    /// The significance level `compare` will use.
    #[arg(long, value_name = "P", default_value_t = DEFAULT_ALPHA)]
    pub alpha: f64,
    /// The threshold to count false alarms at, in percent.
    #[arg(long, value_name = "PCT", default_value_t = DEFAULT_THRESHOLD_PCT)]
    pub threshold: f64,
}

/// `compare`'s output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Tables for a pull-request comment.
    Markdown,
    /// One JSON document, for tools.
    Json,
}

/// Where the page description is looked for when `--page` is not given.
pub const DEFAULT_PAGE: &str = "book/performance.toml";

impl RenderArgs {
    /// The options these arguments ask for, with defaults resolved from `cwd`.
    pub fn options(self, cwd: &Path) -> Options {
        let page = self.page.unwrap_or_else(|| {
            cwd.ancestors()
                .map(|dir| dir.join(DEFAULT_PAGE))
                .find(|candidate| candidate.is_file())
                .unwrap_or_else(|| cwd.join(DEFAULT_PAGE))
        });
        let run = if self.rerun {
            RunPolicy::Always
        } else if self.no_run {
            RunPolicy::Never
        } else {
            RunPolicy::IfMissing
        };
        Options {
            page,
            criterion_dir: self.criterion_dir,
            run,
            machine: self.machine,
        }
    }
}

impl CompareArgs {
    /// The options these arguments ask for; baselines are found as rendering would find results.
    pub fn options(self, cwd: &Path) -> CompareOptions {
        let criterion_dir = self
            .criterion_dir
            .unwrap_or_else(|| crate::default_criterion_dir(&crate::workspace_root(cwd)));
        CompareOptions {
            old: Side::parse(&self.old),
            new: Side::parse(&self.new),
            criterion_dir,
            alpha: self.alpha,
            threshold_pct: self.threshold,
            fail_on_regression: self.fail_on_regression,
            fail_on_missing: self.fail_on_missing,
        }
    }
}

impl NoiseArgs {
    /// The options these arguments ask for; baselines are found as rendering would find results.
    pub fn options(self, cwd: &Path) -> NoiseOptions {
        let criterion_dir = self
            .criterion_dir
            .unwrap_or_else(|| crate::default_criterion_dir(&crate::workspace_root(cwd)));
        NoiseOptions {
            runs: self.runs.iter().map(|run| Run::parse(run)).collect(),
            criterion_dir,
            alpha: self.alpha,
            threshold_pct: self.threshold,
        }
    }
}

/// Runs the command line; what `main` returns.
pub fn run(cli: Cli) -> ExitCode {
    let cwd = std::env::current_dir().unwrap_or_else(|_| ".".into());
    match cli.command {
        None => render(cli.render.options(&cwd)),
        Some(Command::Compare(args)) => compare(args, &cwd),
        Some(Command::Noise(args)) => noise(args, &cwd),
        Some(Command::Record(args)) => record(args, &cwd),
    }
}

fn render(options: Options) -> ExitCode {
    match crate::generate(&options) {
        Ok(outcome) => {
            for warning in &outcome.report.warnings {
                eprintln!("warning: {warning}");
            }
            for path in &outcome.generated {
                let state = if outcome.written.contains(path) {
                    "wrote"
                } else {
                    "unchanged"
                };
                eprintln!("{state} {}", path.display());
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn compare(args: CompareArgs, cwd: &Path) -> ExitCode {
    let format = args.format;
    let comparison = match Comparison::run(&args.options(cwd)) {
        Ok(comparison) => comparison,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    print!(
        "{}",
        match format {
            Format::Markdown => crate::compare_output::markdown(&comparison),
            Format::Json => crate::compare_output::json(&comparison),
        }
    );
    let failures = comparison.gate_failures();
    for failure in &failures {
        eprintln!("error: {failure}");
    }
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn noise(args: NoiseArgs, cwd: &Path) -> ExitCode {
    let format = args.format;
    match Noise::measure(&args.options(cwd)) {
        Ok(noise) => {
            print!(
                "{}",
                match format {
                    Format::Markdown => crate::compare_output::noise_markdown(&noise),
                    Format::Json => crate::compare_output::noise_json(&noise),
                }
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn record(args: RecordArgs, cwd: &Path) -> ExitCode {
    let root = crate::workspace_root(cwd);
    let criterion_dir = args
        .criterion_dir
        .unwrap_or_else(|| crate::default_criterion_dir(&root));
    let run = args.baseline.as_deref().unwrap_or(crate::criterion::LATEST);
    let results = match crate::criterion::CriterionResults::open_baseline(
        &criterion_dir,
        run,
        "run the benchmarks first",
    ) {
        Ok(results) if !results.is_empty() => results,
        Ok(_) => {
            eprintln!(
                "error: no results of run `{run}` in {} (runs found: {}): run `cargo bench` (with `-- --save-baseline NAME` for a baseline) first, then record it",
                criterion_dir.display(),
                crate::criterion::CriterionResults::baselines_words(&criterion_dir)
            );
            return ExitCode::FAILURE;
        }
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    let recorded =
        crate::environment::Recorded::gather(&root.join("Cargo.lock"), &root, args.machine);
    let path = crate::environment::Environment::path_for(&criterion_dir, run);
    match crate::output::write_all(&[(path.clone(), recorded.to_json().into_bytes())]) {
        Ok(_) => {
            eprintln!(
                "recorded {} for the {} results of run `{run}` in {}",
                path.display(),
                results.ids().len(),
                criterion_dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
