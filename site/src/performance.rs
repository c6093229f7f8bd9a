//! The landing page's performance section: `bench-report`'s chart of each section that compares
//! v3 with v2, each with the same figures as a table behind "Show as a table" (a `<details>`, so
//! it works without JavaScript).

use crate::deep_links::DeepLinks;
use crate::landing::item_links;
use crate::summary::{Section, Summary};
use anyhow::{Context, Result};
use bench_report::summary::EnvironmentSummary;
use maud::{Markup, html};
use std::fs;
use std::path::Path;

/// Where the charts go, relative to the site's root.
pub const CHARTS_DIR: &str = "assets/charts";

/// A heading that says what the figures show, and no more.
pub fn heading(summary: &Summary) -> &'static str {
    let sections = summary.comparisons();
    let faster = sections
        .iter()
        .flat_map(|section| &section.rows)
        .all(|row| {
            row.speedup
                .as_ref()
                .is_some_and(|s| s.holds && s.ratio > 1.0)
        });
    let allocation_free = sections
        .iter()
        .flat_map(|section| section.candidate_cells())
        .all(|cell| cell.allocs == Some(0.0));
    match (faster, allocation_free) {
        (true, true) => "Faster than v2, with no allocations",
        (true, false) => "Faster than v2",
        (false, true) => "No allocations per job",
        (false, false) => "v3 against v2",
    }
}

/// Copies the charts the page shows into `site`'s [`CHARTS_DIR`].
pub fn copy_charts(summary: &Summary, site: &Path) -> Result<()> {
    let dest = site.join(CHARTS_DIR);
    fs::create_dir_all(&dest).with_context(|| format!("could not create {}", dest.display()))?;
    for section in summary.comparisons() {
        let from = summary.dir.join(&section.chart);
        fs::copy(&from, dest.join(&section.chart)).with_context(|| {
            format!("could not copy the chart {} into the site", from.display())
        })?;
    }
    Ok(())
}

/// The chart and table of every section comparing v3 with v2, each linking to its section of
/// the book and the API items it measures, then where they were measured.
pub fn charts(summary: &Summary, deep_links: &DeepLinks) -> Markup {
    html! {
        @for section in summary.comparisons() {
            @let target = deep_links.section(&section.id);
            figure.chart id={ "chart-" (section.id) } {
                // The chart draws its caption itself.
                figcaption {
                    span.chart-title { (section.title) }
                    span.chart-links {
                        a.book-link href=(target.book) { "In the book" }
                        " · " (item_links(target))
                    }
                }
                div.chart-scroll {
                    img src={ (CHARTS_DIR) "/" (section.chart) }
                        alt={ (section.caption) ": bar chart. The table below gives the same figures." };
                }
            }
            (table(section))
        }
        (measured_on(&summary.environment))
    }
}

/// Where and when the figures were measured, as summary.json records it: the machine (or
/// "machine not recorded"), the day and the commit when the run recorded them, and the statistic.
/// Nothing is filled in from the machine that builds the site.
pub fn measured_on(environment: &EnvironmentSummary) -> Markup {
    let recorded = environment.machine.recorded.as_ref();
    html! {
        p.environment {
            @if recorded.is_none() && environment.machine.machine.is_none() {
                span.machine { "Machine not recorded" }
            } @else {
                "Measured on " span.machine { (environment.machine.machine_words()) }
            }
            @if let Some(recorded) = recorded {
                ", " time.run-date datetime=(recorded.started_at) { (recorded.date()) }
                @if let Some(commit) = recorded.commit_words() {
                    ", commit " code.run-commit { (commit) }
                }
            }
            "; " (environment.statistic)
            @if let Some(samples) = environment.samples { " of at least " (samples) " samples" }
            ", " (format!("{:.0}", environment.confidence_level * 100.0)) "% confidence intervals."
        }
    }
}

fn table(section: &Section) -> Markup {
    html! {
        details.as-table id={ "table-" (section.id) } {
            summary { "Show as a table" }
            div.table-scroll {
                table {
                    caption { (section.title) ": time and allocations, " (section.candidate)
                        @if let Some(baseline) = &section.baseline { " against " (baseline) } }
                    thead {
                        tr {
                            th scope="col" { "Scenario" }
                            @for series in &section.series { th scope="col" { (series) } }
                            th scope="col" { "Speed-up" }
                        }
                    }
                    tbody {
                        @for row in &section.rows {
                            tr {
                                th scope="row" { (row.scenario) }
                                @for cell in &row.cells {
                                    @match cell {
                                        Some(cell) => td { (cell.display) " " span.spread { (cell.spread) } span.allocs { (cell.allocs_display) } },
                                        None => td { "n/a" },
                                    }
                                }
                                td.speedup { @if let Some(speedup) = &row.speedup { (speedup.display) } @else { "—" } }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bench_report::environment::{Environment, Recorded};

    fn environment(machine: Environment) -> EnvironmentSummary {
        EnvironmentSummary {
            machine,
            statistic: "median".to_owned(),
            confidence_level: 0.95,
            samples: Some(10),
            // The site must not show this line: it may be older than the facts beside it.
            summary: "Old CPU, 64 cores: median of 10 samples.".to_owned(),
        }
    }

    fn recorded(commit: Option<&str>, dirty: Option<bool>, machine: Option<&str>) -> Recorded {
        Recorded {
            cpu: "AMD EPYC".to_owned(),
            cores: 2,
            os: "Debian GNU/Linux 12 (bookworm), Linux 6.1".to_owned(),
            rustc: "rustc 1.95.0 (59807616e 2026-04-14)".to_owned(),
            criterion: "0.8.2".to_owned(),
            started_at: "2026-12-01T09:00:00Z".to_owned(),
            commit: commit.map(str::to_owned),
            dirty,
            machine: machine.map(str::to_owned),
        }
    }

    fn text(environment: &EnvironmentSummary) -> String {
        measured_on(environment).into_string()
    }

    #[test]
    fn without_recorded_facts_it_says_so_and_names_no_machine_date_or_commit() {
        let page = text(&environment(Environment::not_recorded(None)));
        assert!(
            page.contains(r#"<span class="machine">Machine not recorded</span>"#),
            "{page}"
        );
        for guess in ["cores", "Old CPU", "commit", "<time"] {
            assert!(!page.contains(guess), "{guess} in {page}");
        }
    }

    #[test]
    fn a_machine_named_without_facts_is_named_as_such() {
        let page = text(&environment(Environment::not_recorded(Some(
            "CI runner".to_owned(),
        ))));
        assert!(page.contains("CI runner (details not recorded)"), "{page}");
        assert!(!page.contains("cores"), "{page}");
    }

    #[test]
    fn recorded_facts_give_the_machine_the_day_and_the_commit() {
        let commit = "7e1e38c0ab1234567890";
        let page = text(&environment(Environment {
            recorded: Some(recorded(Some(commit), Some(false), Some("CI runner"))),
            machine: None,
        }));
        assert!(
            page.contains("CI runner: AMD EPYC, 2 cores, Debian GNU/Linux 12 (bookworm)"),
            "{page}"
        );
        assert!(
            page.contains(
                r#"<time class="run-date" datetime="2026-12-01T09:00:00Z">2026-12-01</time>"#
            ),
            "{page}"
        );
        assert!(
            page.contains("commit <code class=\"run-commit\">7e1e38c0ab</code>"),
            "{page}"
        );
        assert!(!page.contains("Old CPU"), "{page}");
    }

    #[test]
    fn a_dirty_checkout_says_so_and_no_checkout_gives_no_commit() {
        let dirty = text(&environment(Environment {
            recorded: Some(recorded(Some("7e1e38c0ab12"), Some(true), None)),
            machine: None,
        }));
        assert!(
            dirty.contains("7e1e38c0ab with uncommitted changes"),
            "{dirty}"
        );
        let outside_git = text(&environment(Environment {
            recorded: Some(recorded(None, None, None)),
            machine: None,
        }));
        assert!(!outside_git.contains("commit"), "{outside_git}");
        assert!(outside_git.contains("2026-12-01"), "{outside_git}");
    }
}
