//! The facts of the machine the figures come from: CPU model, cores, OS, rustc and criterion versions.

use std::path::Path;
use std::process::Command;

use serde::{Deserialize, Serialize};

/// Where the benchmarks ran. Gathered when the report is generated, on the machine that ran them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Environment {
    /// CPU model name.
    pub cpu: String,
    /// Logical cores available.
    pub cores: usize,
    /// Operating system and kernel.
    pub os: String,
    /// `rustc --version`.
    pub rustc: String,
    /// criterion's version, from the workspace's `Cargo.lock`.
    pub criterion: String,
}

impl Environment {
    /// Gathers the facts of this machine; `lock_file` is the workspace's `Cargo.lock`, if any.
    pub fn gather(lock_file: Option<&Path>) -> Environment {
        Environment {
            cpu: cpu_model().unwrap_or_else(|| "unknown CPU".to_owned()),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            os: os_name(),
            rustc: rustc_version().unwrap_or_else(|| "rustc (version unknown)".to_owned()),
            criterion: lock_file
                .and_then(criterion_version)
                .unwrap_or_else(|| "(version unknown)".to_owned()),
        }
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
