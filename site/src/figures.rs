//! The data the landing page shows, read from the files that hold it: nothing is typed in.

use crate::Layout;
use crate::coverage::Coverage;
use crate::summary::Summary;
use anyhow::{Context, Result};
use serde::Deserialize;

/// Everything measured or versioned that the landing page shows.
#[derive(Debug, Clone)]
pub struct Figures {
    /// The benchmark summary: headline figures and charts.
    pub summary: Summary,
    /// The test coverage.
    pub coverage: Coverage,
    /// The library's package name, from its `Cargo.toml`: what a user's `Cargo.toml` names.
    pub package: String,
    /// The library's version, from its `Cargo.toml`, such as `3.0.0`.
    pub version: String,
    /// The crates the library depends on (those only for `cfg(loom)` model checking aside).
    pub dependencies: Vec<String>,
    /// The repository's address, from the workspace's `Cargo.toml`.
    pub repository: String,
}

impl Figures {
    /// Reads the benchmark summary, the coverage summary and the library's manifest.
    pub fn load(layout: &Layout) -> Result<Figures> {
        let summary = Summary::load(layout)?;
        let coverage = Coverage::load(layout)?;
        let library = read_manifest(&layout.root.join("workerpool").join("Cargo.toml"))?;
        let workspace = read_manifest(&layout.root.join("Cargo.toml"))?;
        let package = library.package.unwrap_or_default();
        let shared = workspace
            .workspace
            .and_then(|w| w.package)
            .unwrap_or_default();
        let field = |name: &str, own: &Option<toml::Value>, inherited: &Option<toml::Value>| {
            // `name.workspace = true` takes the workspace's value.
            let value = match own {
                Some(toml::Value::Table(_)) => inherited,
                _ => own,
            };
            value
                .as_ref()
                .and_then(toml::Value::as_str)
                .map(str::to_owned)
                .with_context(|| {
                    format!(
                        "workerpool/Cargo.toml has no `{name}`, neither its own nor the workspace's"
                    )
                })
        };
        Ok(Figures {
            package: field("name", &package.name, &None)?,
            version: field("version", &package.version, &shared.version)?,
            repository: field("repository", &package.repository, &shared.repository)?,
            dependencies: library.dependencies.keys().cloned().collect(),
            summary,
            coverage,
        })
    }

    /// The requirement a user writes in `Cargo.toml`: the major version, such as `3`.
    pub fn requirement(&self) -> &str {
        self.version.split('.').next().unwrap_or(&self.version)
    }
}

/// The parts of a `Cargo.toml` the page uses.
#[derive(Deserialize)]
struct Manifest {
    package: Option<Package>,
    workspace: Option<Workspace>,
    #[serde(default)]
    dependencies: toml::Table,
}

#[derive(Deserialize)]
struct Workspace {
    package: Option<Package>,
}

#[derive(Deserialize, Default)]
struct Package {
    name: Option<toml::Value>,
    version: Option<toml::Value>,
    repository: Option<toml::Value>,
}

fn read_manifest(path: &std::path::Path) -> Result<Manifest> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("could not read {}", path.display()))?;
    toml::from_str(&text).with_context(|| format!("could not parse {}", path.display()))
}
