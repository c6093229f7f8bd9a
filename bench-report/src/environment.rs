//! Where the figures came from: the machine, toolchain and code facts recorded when the suite ran.
//!
//! bench-report records them in `<criterion dir>/environment.json` when it runs the benchmarks (and
//! `bench-report record` for a run made with plain `cargo bench`: `environment.json` for the latest
//! run, `environment-NAME.json` for a baseline saved as NAME), and reads them back when it renders or
//! compares, so results copied from another machine keep that machine's facts. Facts belong to the
//! run they were recorded with: results written after the file was are another run's, and rendering
//! refuses them rather than print the earlier run's date and commit under them.
//! Results without the file are "machine not recorded" (or carry the name given with `--machine`):
//! nothing is guessed from the machine that renders them.
//!
//! ```json
//! { "version": 1,
//!   "recorded": { "cpu": "AMD EPYC", "cores": 2, "os": "Debian GNU/Linux 12 (bookworm), Linux 6.1",
//!                 "rustc": "rustc 1.95.0 (…)", "criterion": "0.8.2",
//!                 "started_at": "2026-12-01T09:00:00Z",
//!                 "commit": "7e1e38c…", "dirty": false,
//!                 "machine": "CI runner" } }
//! ```
//!
//! `commit` and `dirty` are null when the measured code is not in a git checkout (or git is missing);
//! `machine` is null unless `--machine` named it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// The file's name inside criterion's output directory.
pub const FILE_NAME: &str = "environment.json";

/// The format version this bench-report writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// The facts of one run of the suite, as recorded when it started.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recorded {
    /// CPU model name ("unknown CPU" when the system does not say).
    pub cpu: String,
    /// Logical cores available to the run.
    pub cores: usize,
    /// Operating system and kernel.
    pub os: String,
    /// `rustc --version`.
    pub rustc: String,
    /// criterion's version, from the measured workspace's `Cargo.lock`.
    pub criterion: String,
    /// When the run started, RFC 3339 in UTC.
    pub started_at: String,
    /// The commit of the measured code (`git rev-parse HEAD`), if it is a git checkout.
    pub commit: Option<String>,
    /// Whether the checkout had uncommitted changes (`git status --porcelain`), if it is one.
    pub dirty: Option<bool>,
    /// A name for the machine, given with `--machine` when the suite ran.
    #[serde(default)]
    pub machine: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EnvironmentFile {
    version: u32,
    recorded: Recorded,
}

/// Facts recorded for a run that its results no longer match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stale {
    /// The environment file.
    pub file: PathBuf,
    /// A benchmark whose result was written after it.
    pub benchmark: String,
    /// When that result was written (RFC 3339).
    pub written: String,
    /// When the file was written.
    pub recorded: String,
}

impl std::fmt::Display for Stale {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} was recorded at {}, but the result of `{}` was written at {}, by a later run: its machine, date and commit may not be this result's",
            self.file.display(),
            self.recorded,
            self.benchmark,
            self.written
        )
    }
}

/// Where the figures of a report came from.
///
/// In `summary.json` its fields sit in `environment`: [`Recorded`]'s fields all present, or all
/// absent when nothing was recorded; `machine` present either way when a name was given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Environment {
    /// The facts recorded with the results; `None`: the results came without them.
    #[serde(flatten)]
    pub recorded: Option<Recorded>,
    /// A name for the machine given with `--machine` when rendering (used when nothing was recorded).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine: Option<String>,
}

impl Environment {
    /// Results without recorded facts; `machine` is what `--machine` said, if anything.
    pub fn not_recorded(machine: Option<String>) -> Environment {
        Environment {
            recorded: None,
            machine,
        }
    }

    /// Reads `environment.json` in `criterion_dir`. Without the file the environment is not recorded;
    /// a corrupt file is an error naming it. `machine` (from `--machine`) names a machine whose facts
    /// were not recorded; beside recorded facts it replaces the recorded name.
    pub fn read(criterion_dir: &Path, machine: Option<String>, hint: &str) -> Result<Environment> {
        Environment::read_file(&Environment::path_in(criterion_dir), machine, hint)
    }

    fn read_file(path: &Path, machine: Option<String>, hint: &str) -> Result<Environment> {
        let path = path.to_owned();
        let fail = |reason: String| Error::ResultsFile {
            path: path.clone(),
            reason,
            hint: hint.to_owned(),
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Environment::not_recorded(machine));
            }
            Err(e) => return Err(fail(e.to_string())),
        };
        let file: EnvironmentFile = serde_json::from_str(&text)
            .map_err(|e| fail(format!("it is not bench-report's environment file ({e})")))?;
        if file.version != FORMAT_VERSION {
            return Err(fail(format!(
                "its format version is {}, this bench-report reads version {FORMAT_VERSION}",
                file.version
            )));
        }
        let mut recorded = file.recorded;
        if machine.is_some() {
            recorded.machine = machine;
        }
        Ok(Environment {
            recorded: Some(recorded),
            machine: None,
        })
    }

    /// `<criterion_dir>/environment.json`.
    pub fn path_in(criterion_dir: &Path) -> PathBuf {
        criterion_dir.join(FILE_NAME)
    }

    /// Where the facts of one run are kept: `environment.json` for the latest run (`new`),
    /// `environment-NAME.json` for a baseline saved as NAME.
    pub fn path_for(criterion_dir: &Path, run: &str) -> PathBuf {
        if run == crate::criterion::LATEST {
            Environment::path_in(criterion_dir)
        } else {
            criterion_dir.join(format!("environment-{run}.json"))
        }
    }

    /// Reads the facts kept for `run` (see [`Environment::path_for`]).
    pub fn read_run(criterion_dir: &Path, run: &str, hint: &str) -> Result<Environment> {
        let path = Environment::path_for(criterion_dir, run);
        Environment::read_file(&path, None, hint)
    }

    /// When the facts of `run` do not describe `results`: a result newer than the file that records
    /// them was written by a later run. Returns that file, the newest result and when it was written.
    pub fn stale(
        criterion_dir: &Path,
        run: &str,
        results: &crate::criterion::CriterionResults,
    ) -> Option<Stale> {
        let path = Environment::path_for(criterion_dir, run);
        let recorded_at = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
        let (written, id) = results.newest_written()?;
        (written > recorded_at).then(|| Stale {
            file: path,
            benchmark: id.to_owned(),
            written: humantime::format_rfc3339_seconds(written).to_string(),
            recorded: humantime::format_rfc3339_seconds(recorded_at).to_string(),
        })
    }

    /// The machine in words: "CI runner: AMD EPYC, 2 cores, Debian 12, rustc 1.95.0, criterion
    /// 0.8.2" from recorded facts (the name only when one was given), "CI runner (details not
    /// recorded)" or "machine not recorded" without them. The date and commit are not in it.
    ///
    /// ```
    /// use bench_report::environment::Environment;
    /// assert_eq!(Environment::not_recorded(None).machine_words(), "machine not recorded");
    /// ```
    pub fn machine_words(&self) -> String {
        match &self.recorded {
            Some(recorded) => {
                let rustc = recorded
                    .rustc
                    .split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" ");
                let os = recorded.os.split(',').next().unwrap_or(&recorded.os);
                let name = recorded
                    .machine
                    .as_ref()
                    .map_or(String::new(), |name| format!("{name}: "));
                format!(
                    "{name}{}, {} cores, {os}, {rustc}, criterion {}",
                    recorded.cpu, recorded.cores, recorded.criterion
                )
            }
            None => match &self.machine {
                Some(name) => format!("{name} (details not recorded)"),
                None => "machine not recorded".to_owned(),
            },
        }
    }

    /// criterion's recorded version, if recorded.
    pub fn criterion(&self) -> Option<&str> {
        self.recorded.as_ref().map(|r| r.criterion.as_str())
    }
}

// Written by hand because `machine` is Recorded's field when facts were recorded and this type's
// when not, and a derived reader would always give it to this type. Reading puts it where
// [`Environment::read`] does, so what bench-report writes reads back equal.
impl<'de> Deserialize<'de> for Environment {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Fields {
            // None unless every recorded fact is there.
            #[serde(flatten)]
            recorded: Option<Recorded>,
            machine: Option<String>,
        }
        let fields = Fields::deserialize(deserializer)?;
        Ok(match fields.recorded {
            Some(recorded) => Environment {
                recorded: Some(Recorded {
                    machine: fields.machine,
                    ..recorded
                }),
                machine: None,
            },
            None => Environment::not_recorded(fields.machine),
        })
    }
}

impl Recorded {
    /// Gathers the facts of this machine as a run starts. `lock_file` is the measured workspace's
    /// `Cargo.lock` (for criterion's version), `code` its directory (for the commit), `machine` a name.
    pub fn gather(lock_file: &Path, code: &Path, machine: Option<String>) -> Recorded {
        let commit = command_output("git", &["-C", &code.to_string_lossy(), "rev-parse", "HEAD"]);
        let dirty = commit.as_ref().and_then(|_| {
            let output = Command::new("git")
                .args(["-C", &code.to_string_lossy(), "status", "--porcelain"])
                .output()
                .ok()?;
            output
                .status
                .success()
                .then(|| !output.stdout.trim_ascii().is_empty())
        });
        Recorded {
            cpu: cpu_model().unwrap_or_else(|| "unknown CPU".to_owned()),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            os: os_name(),
            rustc: rustc_version().unwrap_or_else(|| "rustc (version unknown)".to_owned()),
            criterion: criterion_version(lock_file)
                .unwrap_or_else(|| "(not in Cargo.lock)".to_owned()),
            started_at: humantime::format_rfc3339_seconds(SystemTime::now()).to_string(),
            commit,
            dirty,
            machine,
        }
    }

    /// The file's contents.
    pub fn to_json(&self) -> String {
        let file = EnvironmentFile {
            version: FORMAT_VERSION,
            recorded: self.clone(),
        };
        serde_json::to_string_pretty(&file).expect("plain data serializes") + "\n"
    }

    /// The day the run started, `YYYY-MM-DD` (UTC).
    pub fn date(&self) -> &str {
        self.started_at.get(..10).unwrap_or(&self.started_at)
    }

    /// The commit shortened, with "with uncommitted changes" when the checkout was dirty.
    pub fn commit_words(&self) -> Option<String> {
        let commit = self.commit.as_ref()?;
        let short: String = commit.chars().take(10).collect();
        Some(match self.dirty {
            Some(true) => format!("{short} with uncommitted changes"),
            _ => short,
        })
    }
}

fn cpu_model() -> Option<String> {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").ok();
    let from_proc = cpuinfo.as_deref().and_then(|info| {
        info.lines()
            .find(|line| line.starts_with("model name") || line.starts_with("Model"))
            .and_then(|line| line.split_once(':'))
            .map(|(_, name)| name.trim().to_owned())
    });
    from_proc.or_else(|| command_output("sysctl", &["-n", "machdep.cpu.brand_string"]))
}

fn os_name() -> String {
    let release = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|line| line.strip_prefix("PRETTY_NAME="))
                .map(|name| name.trim_matches('"').to_owned())
        });
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .ok()
        .map(|k| k.trim().to_owned());
    match (release, kernel) {
        (Some(release), Some(kernel)) => format!("{release}, Linux {kernel}"),
        (Some(release), None) => release,
        (None, Some(kernel)) => format!("Linux {kernel}"),
        (None, None) => command_output("sw_vers", &["-productVersion"])
            .map(|v| format!("macOS {v}"))
            .unwrap_or_else(|| std::env::consts::OS.to_owned()),
    }
}

fn rustc_version() -> Option<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    command_output(&rustc, &["--version"])
}

/// criterion's version as locked in `lock_file` (the highest, if several are).
pub fn criterion_version(lock_file: &Path) -> Option<String> {
    let text = std::fs::read_to_string(lock_file).ok()?;
    let lock: toml::Table = toml::from_str(&text).ok()?;
    lock.get("package")?
        .as_array()?
        .iter()
        .filter(|p| p.get("name").and_then(|n| n.as_str()) == Some("criterion"))
        .filter_map(|p| p.get("version").and_then(|v| v.as_str()))
        .max_by_key(|v| {
            v.split('.')
                .map(|part| part.parse::<u64>().unwrap_or(0))
                .collect::<Vec<_>>()
        })
        .map(str::to_owned)
}

fn command_output(program: &str, args: &[&str]) -> Option<String> {
    let output = Command::new(program).args(args).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?.trim().to_owned();
    (output.status.success() && !text.is_empty()).then_some(text)
}
