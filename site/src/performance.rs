//! The landing page's performance section: `bench-report`'s chart of each section that compares
//! v3 with v2, each with the same figures as a table behind "Show as a table" (a `<details>`, so
//! it works without JavaScript).

use crate::deep_links::DeepLinks;
use crate::landing::item_links;
use crate::summary::{Section, Summary};
use anyhow::{Context, Result};
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
        p.environment { "Measured on " (summary.environment.summary) }
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
