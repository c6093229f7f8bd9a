//! Where the landing page's figures and charts link: the book's performance section that
//! measured them, and the API docs of the items they name.
//!
//! The book's anchors are read from the built book, never guessed: a section the book does not
//! have fails the build, and the site's link check fails it for an API anchor rustdoc lacks.

use crate::summary::{HEADLINES, Summary};
use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;
use std::path::Path;

/// The book's performance chapter, relative to the site's root.
pub const PERFORMANCE: &str = "book/performance.html";

/// An item of the API docs that a figure measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ApiItem {
    /// The item as the page names it, such as `Pool::delegate`.
    pub name: &'static str,
    /// Its page and anchor, relative to the site's root.
    pub href: &'static str,
}

const DELEGATE: ApiItem = ApiItem {
    name: "Pool::delegate",
    href: "api/workerpool/struct.Pool.html#method.delegate",
};
const ADD_WORKER: ApiItem = ApiItem {
    name: "Pool::add_worker",
    href: "api/workerpool/struct.Pool.html#method.add_worker",
};

/// The API items each charted section measures, by the section's id in the summary: a job
/// goes from `delegate` to a worker; the delegate section times `delegate` alone.
pub const SECTION_ITEMS: [(&str, &[ApiItem]); 2] =
    [("jobs", &[DELEGATE, ADD_WORKER]), ("delegate", &[DELEGATE])];

/// Where one figure or chart links.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The book's section, `book/performance.html#…`.
    pub book: String,
    /// The section's heading in the book, for the link's text.
    pub title: String,
    /// The API items it names.
    pub api: &'static [ApiItem],
}

/// The targets of every charted section and headline figure.
#[derive(Debug, Clone)]
pub struct DeepLinks {
    sections: BTreeMap<String, Target>,
    /// The section of each of [`HEADLINES`], as summary.json says.
    headline_sections: BTreeMap<&'static str, String>,
}

impl DeepLinks {
    /// Finds, in the built book at `book` (the site's `book/` folder), the heading of every
    /// section the landing page charts, under the heading of its part.
    pub fn find(book: &Path, summary: &Summary) -> Result<DeepLinks> {
        let chapter = book.join("performance.html");
        let html = std::fs::read_to_string(&chapter).with_context(|| {
            format!(
                "could not read the book's performance chapter, {}",
                chapter.display()
            )
        })?;
        let headings = headings(&html);
        let mut sections = BTreeMap::new();
        for section in summary.comparisons() {
            let Some((_, items)) = SECTION_ITEMS.iter().find(|(id, _)| *id == section.id) else {
                bail!(
                    "the landing page charts the section `{}`, and site/src/deep_links.rs names no \
                     API items for it: add it to SECTION_ITEMS",
                    section.id
                );
            };
            // bench-report gives each section's heading the section's id.
            let heading = headings
                .iter()
                .find(|heading| heading.id == section.id)
                .with_context(|| {
                    format!(
                        "the book's performance chapter ({}) has no heading with the id `{}`, \
                         which the landing page's chart of \"{}\" links to. Generate the chapter \
                         again with `cargo run -p bench-report`.",
                        chapter.display(),
                        section.id,
                        section.title,
                    )
                })?;
            sections.insert(
                section.id.clone(),
                Target {
                    book: format!("{PERFORMANCE}#{}", heading.id),
                    title: heading.text.clone(),
                    api: items,
                },
            );
        }
        // The summary's loader checked that each headline's section is charted.
        let headline_sections = HEADLINES
            .into_iter()
            .map(|id| (id, summary.headline_section(id).to_owned()))
            .collect();
        Ok(DeepLinks {
            sections,
            headline_sections,
        })
    }

    /// Where the chart of section `id` links; every charted section has one (checked when found).
    pub fn section(&self, id: &str) -> &Target {
        &self.sections[id]
    }

    /// Where the headline figure `id` links, one of [`HEADLINES`]: its section, as summary.json says.
    pub fn headline(&self, id: &str) -> &Target {
        self.section(&self.headline_sections[id])
    }
}

/// A heading of the chapter: its text and id.
struct Heading {
    text: String,
    id: String,
}

fn headings(html: &str) -> Vec<Heading> {
    let page = scraper::Html::parse_document(html);
    let selector = scraper::Selector::parse("main h2[id], main h3[id]").expect("a valid selector");
    page.select(&selector)
        .map(|element| Heading {
            text: element.text().collect::<String>().trim().to_owned(),
            id: element.value().id().unwrap_or_default().to_owned(),
        })
        .collect()
}
