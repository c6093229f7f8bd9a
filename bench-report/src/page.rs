//! The page description: a TOML file naming the sections, scenarios, series, labels and headline figures.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::{Error, Result};

/// A page description, as read from its TOML file. See the crate docs for the format.
#[derive(Debug, Clone, Deserialize)]
#[serde(try_from = "RawPage")]
pub struct Page {
    /// The page's title (its `#` heading).
    pub title: String,
    /// Markdown shown under the title.
    #[serde(default)]
    pub intro: String,
    /// Markdown shown at the end of the page, before the methodology facts.
    #[serde(default)]
    pub outro: String,
    /// The criterion estimate quoted for every figure.
    #[serde(default)]
    pub statistic: Statistic,
    /// Where the generated files go.
    pub output: Output,
    /// How to produce the results when there are none (or `--rerun` is given).
    #[serde(default)]
    pub run: Option<RunCommand>,
    /// The headline figures of `summary.json`, by id.
    #[serde(default)]
    pub headlines: BTreeMap<String, Headline>,
    /// The sections with a chart (bars and latency), in page order.
    pub sections: Vec<Section>,
    /// The suite tables, in page order.
    pub suites: Vec<SuiteSection>,
    /// Every section in page order.
    pub order: Vec<Block>,
}

/// A place in the page's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Block {
    /// `sections[i]`.
    Chart(usize),
    /// `suites[i]`.
    Suite(usize),
}

/// The page as written, before its sections are told apart by `kind`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPage {
    title: String,
    #[serde(default)]
    intro: String,
    #[serde(default)]
    outro: String,
    #[serde(default)]
    statistic: Statistic,
    output: Output,
    #[serde(default)]
    run: Option<RunCommand>,
    #[serde(default)]
    headlines: BTreeMap<String, Headline>,
    sections: Vec<toml::Table>,
}

impl TryFrom<RawPage> for Page {
    type Error = String;

    fn try_from(raw: RawPage) -> std::result::Result<Page, String> {
        let mut sections = Vec::new();
        let mut suites = Vec::new();
        let mut order = Vec::new();
        for (i, table) in raw.sections.into_iter().enumerate() {
            let here = match table.get("id").and_then(toml::Value::as_str) {
                Some(id) => format!("section `{id}`"),
                None => format!("[[sections]] number {}", i + 1),
            };
            let kind = match table.get("kind") {
                None => "bars".to_owned(),
                Some(toml::Value::String(kind)) => kind.clone(),
                Some(other) => {
                    return Err(format!(
                        "{here}: kind must be a string, not a {}",
                        other.type_str()
                    ));
                }
            };
            let value = toml::Value::Table(table);
            match kind.as_str() {
                "bars" | "latency" => {
                    let section =
                        Section::deserialize(value).map_err(|e| format!("{here}: {e}"))?;
                    order.push(Block::Chart(sections.len()));
                    sections.push(section);
                }
                "suite" => {
                    let suite =
                        SuiteSection::deserialize(value).map_err(|e| format!("{here}: {e}"))?;
                    order.push(Block::Suite(suites.len()));
                    suites.push(suite);
                }
                other => {
                    return Err(format!(
                        "{here}: kind `{other}` is not one of \"bars\" (the default), \"latency\" or \"suite\""
                    ));
                }
            }
        }
        Ok(Page {
            title: raw.title,
            intro: raw.intro,
            outro: raw.outro,
            statistic: raw.statistic,
            output: raw.output,
            run: raw.run,
            headlines: raw.headlines,
            sections,
            suites,
            order,
        })
    }
}

/// What a section with a chart shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChartKind {
    /// criterion's time per operation, with speed-ups: the default.
    #[default]
    Bars,
    /// Job-start latency percentiles from the suite's `latency/*.json`: p50, p99 and max in the
    /// table, p99 in the chart.
    Latency,
}

/// A table of the suite's own benchmarks: each with a one-line description, its time, and the memory
/// and allocations per operation where the suite counted them.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuiteSection {
    /// Always "suite".
    #[serde(rename = "kind")]
    _kind: String,
    /// Stable id.
    pub id: String,
    /// A `##` heading shown before this section when it differs from the previous section's.
    #[serde(default)]
    pub part: Option<String>,
    /// The section's heading.
    pub title: String,
    /// Markdown shown before the table.
    #[serde(default)]
    pub intro: String,
    /// Markdown shown after the table.
    #[serde(default)]
    pub text: String,
    /// The command that measures these benchmarks, named when all are missing (default: `[run]`'s).
    #[serde(default)]
    pub measure: Option<String>,
    /// The benchmarks, in table order.
    pub rows: Vec<SuiteRow>,
}

/// One benchmark of a suite table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuiteRow {
    /// criterion's benchmark id.
    pub benchmark: String,
    /// What it measures, in one line.
    pub description: String,
}

/// Which of criterion's estimates a figure quotes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Statistic {
    /// The median of the per-iteration sample times.
    #[default]
    Median,
    /// The mean of the per-iteration sample times.
    Mean,
    /// The slope of the linear regression (linear sampling mode only; falls back to the mean).
    Slope,
}

impl Statistic {
    /// The word used on the page.
    pub fn name(self) -> &'static str {
        match self {
            Statistic::Median => "median",
            Statistic::Mean => "mean",
            Statistic::Slope => "slope",
        }
    }
}

/// Where the generated files go, relative to the TOML file's directory.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Output {
    /// The Markdown page.
    pub markdown: PathBuf,
    /// The directory for the SVG charts and the JSON summary.
    pub charts: PathBuf,
    /// The JSON summary's file name inside `charts`.
    #[serde(default = "default_summary")]
    pub summary: String,
}

fn default_summary() -> String {
    "summary.json".to_owned()
}

/// The command that runs the benchmarks, from the directory that holds the workspace's `Cargo.lock`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunCommand {
    /// Program and arguments, e.g. `["cargo", "bench", "-p", "mylib"]`.
    pub command: Vec<String>,
    /// Rough duration of a full run, shown before it starts (e.g. "about 8 minutes").
    #[serde(default)]
    pub expected_duration: Option<String>,
}

impl RunCommand {
    /// The command as one shell-like line.
    pub fn display(&self) -> String {
        self.command
            .iter()
            .map(|word| {
                if word.contains(' ') {
                    format!("'{word}'")
                } else {
                    word.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A headline figure for the landing page.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Headline {
    /// How many times faster the section's candidate is than its baseline in one scenario.
    Speedup {
        /// Section id.
        section: String,
        /// Scenario label.
        scenario: String,
        /// Text shown with the figure.
        label: String,
    },
    /// One series' time in one scenario.
    Time {
        /// Section id.
        section: String,
        /// Scenario label.
        scenario: String,
        /// Series id.
        series: String,
        /// Text shown with the figure.
        label: String,
    },
    /// One series' allocations per operation in one scenario.
    Allocations {
        /// Section id.
        section: String,
        /// Scenario label.
        scenario: String,
        /// Series id.
        series: String,
        /// Text shown with the figure.
        label: String,
    },
}

/// One chart and its table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// What the chart shows: "bars" (the default) or "latency".
    #[serde(default)]
    pub kind: ChartKind,
    /// The command that measures this section's benchmarks, named when all are missing (default:
    /// `[run]`'s).
    #[serde(default)]
    pub measure: Option<String>,
    /// Stable id: the chart's file name and the JSON key.
    pub id: String,
    /// A `##` heading shown before this section when it differs from the previous section's.
    #[serde(default)]
    pub part: Option<String>,
    /// The section's `###` heading.
    pub title: String,
    /// What the chart shows, e.g. "Time per job, lower is better".
    pub caption: String,
    /// Markdown shown after the table.
    #[serde(default)]
    pub text: String,
    /// What one operation is, for "allocations per …" (default "operation").
    #[serde(default = "default_per")]
    pub per: String,
    /// The series compared, in legend order.
    pub series: Vec<Series>,
    /// The series whose speed-up the callouts state.
    pub candidate: String,
    /// The series it is compared with; without one, each scenario compares with its fastest other series.
    #[serde(default)]
    pub baseline: Option<String>,
    /// Benchmark id pattern with `{series}` and `{scenario}` placeholders.
    #[serde(default)]
    pub benchmark: Option<String>,
    /// The scenarios, in chart order.
    pub scenarios: Vec<Scenario>,
}

fn default_per() -> String {
    "operation".to_owned()
}

/// One compared implementation or version.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Series {
    /// Id used in benchmark ids and references.
    pub id: String,
    /// Name shown in the legend and table.
    pub label: String,
    /// Bar colour `#rrggbb`; by default the next colour of a colour-blind-safe palette.
    #[serde(default)]
    pub colour: Option<String>,
}

/// One group of bars.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Shown beside the bars and in the table.
    pub label: String,
    /// Replaces `{scenario}` in the section's pattern (default: the label).
    #[serde(default)]
    pub key: Option<String>,
    /// The series measured in this scenario (default: all of them). Others show as "n/a".
    #[serde(default)]
    pub series: Option<Vec<String>>,
    /// Benchmark ids by series id, overriding the section's pattern.
    #[serde(default)]
    pub benchmarks: BTreeMap<String, String>,
}

impl Page {
    /// Reads and checks the page description at `path`.
    pub fn load(path: &Path) -> Result<Page> {
        let text = std::fs::read_to_string(path).map_err(|source| Error::PageUnreadable {
            path: path.to_owned(),
            source,
        })?;
        Page::parse(&text, path)
    }

    /// Parses and checks a page description; `path` is only used in error messages.
    pub fn parse(text: &str, path: &Path) -> Result<Page> {
        let invalid = |message: String| Error::PageInvalid {
            path: path.to_owned(),
            message,
        };
        let page: Page = toml::from_str(text).map_err(|e| invalid(e.to_string()))?;
        page.check().map_err(invalid)?;
        Ok(page)
    }

    /// The section with id `id`.
    pub fn section(&self, id: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.id == id)
    }

    fn check(&self) -> std::result::Result<(), String> {
        if self.order.is_empty() {
            return Err("it has no [[sections]]".into());
        }
        if let Some(run) = &self.run
            && run.command.is_empty()
        {
            return Err("[run] command is empty: give the program and its arguments".into());
        }
        let mut ids = HashSet::new();
        for suite in &self.suites {
            if !is_file_safe(&suite.id) {
                return Err(format!(
                    "section id `{}` must be letters, digits, '-' or '_'",
                    suite.id
                ));
            }
            if !ids.insert(suite.id.as_str()) {
                return Err(format!("two sections have the id `{}`", suite.id));
            }
            if suite.rows.is_empty() {
                return Err(format!(
                    "section `{}` has no rows: give it rows = [{{ benchmark = \"…\", description = \"…\" }}]",
                    suite.id
                ));
            }
        }
        for section in &self.sections {
            if !is_file_safe(&section.id) {
                return Err(format!(
                    "section id `{}` must be letters, digits, '-' or '_' (it names the chart file)",
                    section.id
                ));
            }
            if !ids.insert(section.id.as_str()) {
                return Err(format!("two sections have the id `{}`", section.id));
            }
            section.check()?;
        }
        for (id, headline) in &self.headlines {
            self.check_headline(headline)
                .map_err(|e| format!("headline `{id}`: {e}"))?;
        }
        Ok(())
    }

    fn check_headline(&self, headline: &Headline) -> std::result::Result<(), String> {
        let (section_id, scenario, series) = match headline {
            Headline::Speedup {
                section, scenario, ..
            } => (section, scenario, None),
            Headline::Time {
                section,
                scenario,
                series,
                ..
            }
            | Headline::Allocations {
                section,
                scenario,
                series,
                ..
            } => (section, scenario, Some(series)),
        };
        let section = self
            .section(section_id)
            .ok_or_else(|| format!("no section has the id `{section_id}`"))?;
        if !section.scenarios.iter().any(|s| &s.label == scenario) {
            return Err(format!(
                "section `{section_id}` has no scenario labelled `{scenario}`"
            ));
        }
        if let Some(series) = series
            && section.series_index(series).is_none()
        {
            return Err(format!("section `{section_id}` has no series `{series}`"));
        }
        if section.kind == ChartKind::Latency {
            return Err(format!(
                "section `{section_id}` is a latency section; headlines take sections of bars"
            ));
        }
        if matches!(headline, Headline::Speedup { .. }) && section.baseline.is_none() {
            return Err(format!(
                "a speedup headline needs a section with a baseline; `{section_id}` has none"
            ));
        }
        Ok(())
    }
}

impl Section {
    /// Index of the series with id `id`.
    pub fn series_index(&self, id: &str) -> Option<usize> {
        self.series.iter().position(|s| s.id == id)
    }

    /// The benchmark id of `series` in `scenario`, or `None` where that series is not measured.
    pub fn benchmark_id(&self, scenario: &Scenario, series: &Series) -> Option<String> {
        if let Some(applies) = &scenario.series
            && !applies.contains(&series.id)
        {
            return None;
        }
        if let Some(id) = scenario.benchmarks.get(&series.id) {
            return Some(id.clone());
        }
        let pattern = self.benchmark.as_ref()?;
        let key = scenario.key.as_deref().unwrap_or(&scenario.label);
        Some(
            pattern
                .replace("{series}", &series.id)
                .replace("{scenario}", key),
        )
    }

    fn check(&self) -> std::result::Result<(), String> {
        let here = format!("section `{}`", self.id);
        if self.series.is_empty() {
            return Err(format!("{here} has no series"));
        }
        let mut series_ids = HashSet::new();
        for series in &self.series {
            if !series_ids.insert(series.id.as_str()) {
                return Err(format!("{here} has two series with the id `{}`", series.id));
            }
            if let Some(colour) = &series.colour
                && crate::chart::parse_colour(colour).is_none()
            {
                return Err(format!(
                    "{here}, series `{}`: colour `{colour}` is not of the form #rrggbb",
                    series.id
                ));
            }
        }
        if self.series_index(&self.candidate).is_none() {
            return Err(format!(
                "{here}: candidate `{}` is not one of its series",
                self.candidate
            ));
        }
        if let Some(baseline) = &self.baseline {
            if self.series_index(baseline).is_none() {
                return Err(format!(
                    "{here}: baseline `{baseline}` is not one of its series"
                ));
            }
            if baseline == &self.candidate {
                return Err(format!(
                    "{here}: baseline and candidate are the same series"
                ));
            }
        }
        if let Some(pattern) = &self.benchmark {
            let rest = pattern.replace("{series}", "").replace("{scenario}", "");
            if rest.contains('{') || rest.contains('}') {
                return Err(format!(
                    "{here}: benchmark pattern `{pattern}` may use only {{series}} and {{scenario}}"
                ));
            }
        }
        if self.scenarios.is_empty() {
            return Err(format!("{here} has no scenarios"));
        }
        let mut labels = HashSet::new();
        for scenario in &self.scenarios {
            if !labels.insert(scenario.label.as_str()) {
                return Err(format!(
                    "{here} has two scenarios labelled `{}`",
                    scenario.label
                ));
            }
            let named = scenario
                .series
                .iter()
                .flatten()
                .chain(scenario.benchmarks.keys());
            for id in named {
                if self.series_index(id).is_none() {
                    return Err(format!(
                        "{here}, scenario `{}`: `{id}` is not one of the section's series",
                        scenario.label
                    ));
                }
            }
            let measured = self
                .series
                .iter()
                .filter(|s| self.benchmark_id(scenario, s).is_some())
                .count();
            if measured == 0 {
                return Err(format!(
                    "{here}, scenario `{}` names no benchmark: give the section a `benchmark` pattern or the scenario `benchmarks`",
                    scenario.label
                ));
            }
        }
        Ok(())
    }
}

fn is_file_safe(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}
