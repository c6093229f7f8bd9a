//! The landing page, `index.html`, and the files it needs (stylesheet, icon).

use crate::deep_links::{DeepLinks, Target};
use crate::figures::Figures;
use crate::highlight;
use crate::performance;
use crate::samples::{self, SampleFile};
use crate::summary::HEADLINES;
use anyhow::{Context, Result};
use maud::{DOCTYPE, Markup, PreEscaped, html};
use std::fs;
use std::path::Path;

/// Where the landing page links into the book and the API docs, relative to the site's root.
/// The site's link check fails the build if the book moves a page without this following.
pub mod links {
    /// The book's first page.
    pub const BOOK: &str = "book/index.html";
    /// The book's getting-started chapter.
    pub const GET_STARTED: &str = "book/getting-started.html";
    /// The migration guide from v2.
    pub const MIGRATION: &str = "book/upgrading.html";
    /// How the benchmarks were measured.
    pub const METHODOLOGY: &str = "book/methodology.html";
    /// The crate's API docs.
    pub const API: &str = "api/workerpool/index.html";
}

/// The stylesheet, served as `assets/site.css`.
const STYLESHEET: &str = include_str!("../assets/site.css");
/// The icon, served as `assets/icon.svg`.
const ICON: &str = include_str!("../assets/icon.svg");

/// Writes `index.html` and its assets into `site`, its figures linking to `deep_links`.
pub fn write(site: &Path, figures: &Figures, deep_links: &DeepLinks) -> Result<()> {
    let assets = site.join("assets");
    fs::create_dir_all(&assets)
        .with_context(|| format!("could not create {}", assets.display()))?;
    let files = [
        (
            site.join("index.html"),
            page(figures, deep_links)?.into_string(),
        ),
        (assets.join("site.css"), STYLESHEET.to_string()),
        (assets.join("icon.svg"), ICON.to_string()),
    ];
    for (path, text) in files {
        fs::write(&path, text).with_context(|| format!("could not write {}", path.display()))?;
    }
    performance::copy_charts(&figures.summary, site)
}

/// The landing page.
pub fn page(figures: &Figures, deep_links: &DeepLinks) -> Result<Markup> {
    let summary = &figures.summary;
    Ok(html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="color-scheme" content="light dark";
                title { "workerpool: a worker pool with typed jobs, for Rust" }
                meta name="description" content="A Rust worker pool with typed jobs: a bounded queue with backpressure, workers that come and go, and a stop that finishes the queue.";
                link rel="icon" href="assets/icon.svg" type="image/svg+xml";
                link rel="stylesheet" href="assets/site.css";
            }
            body {
                a.skip href="#main" { "Skip to content" }
                (header(figures))
                main #main {
                    (hero(figures)?)
                    (headline_figures(figures, deep_links))
                    (features(figures))
                    section.section #performance aria-labelledby="performance-title" { div.wrap {
                        p.eyebrow { "Performance" }
                        h2 #performance-title { (performance::heading(summary)) }
                        p.lede {
                            "v2 boxed every job as a " code { "Box<dyn Any + Send>" }
                            ", checked its type when a worker ran it, and called the worker through an "
                            code { "Arc<dyn Fn>" } ". v3 queues the job itself, typed, and calls each worker's "
                            "own closure directly. With 16 callers at once, the time is wall time per call "
                            "across all of them, so it measures throughput."
                        }
                        (performance::charts(summary, deep_links))
                        a.more href=(links::METHODOLOGY) {
                            span.more-title { "How these were measured" }
                            span.more-text { "The method, the full v3 suite, and how to run it yourself." }
                        }
                    } }
                    (upgrading()?)
                    (get_started())
                }
                (footer(figures))
            }
        }
    })
}

fn header(figures: &Figures) -> Markup {
    html! {
        header.site-header {
            div.wrap.site-header-inner {
                a.brand href="./" {
                    img src="assets/icon.svg" alt="" width="24" height="24";
                    span { "workerpool" }
                }
                span.version { "v" (figures.version) }
                nav aria-label="Site" {
                    a href=(links::BOOK) { "Book" }
                    a href=(links::API) { "API" }
                    a href="#performance" { "Performance" }
                    a href=(figures.repository) { "GitHub" }
                }
            }
        }
    }
}

fn hero(figures: &Figures) -> Result<Markup> {
    let sample_cards = [
        ("Four workers, one queue", "send_emails"),
        ("A bounded wait, then busy", "busy"),
        ("A worker per connection", "per_connection"),
    ];
    let mut cards = Vec::new();
    for (title, region) in sample_cards {
        cards.push(code_card(title, samples::CRATE_DOCS, region)?);
    }
    Ok(html! {
        section.hero aria-labelledby="title" {
            div.wrap {
                h1 #title { "A worker pool with typed jobs" }
                p.pitch {
                    "Queue jobs for a pool of threads. " code { "delegate" } " waits while the queue is full, "
                    "workers come and go at any time, and " code { "stop" } " finishes the queue before it returns."
                }
                div.actions {
                    a.button.primary href=(links::GET_STARTED) { "Get started" }
                    a.button href=(figures.repository) { "View on GitHub" }
                }
                div.install {
                    span.install-label { "Cargo.toml" }
                    code {
                        span.hl-toml-key { (figures.package) } " = " span.hl-string { "\"" (figures.requirement()) "\"" }
                    }
                }
            }
            div.wrap.samples {
                @for card in cards { (card) }
            }
        }
    })
}

/// A titled code block showing region `region` of `file`, highlighted.
fn code_card(title: &str, file: SampleFile, region: &str) -> Result<Markup> {
    let code = file.region(region)?;
    let highlighted = highlight::to_html(&code, "rs")?;
    Ok(html! {
        figure.code-card {
            figcaption { (title) }
            pre { code.language-rust { (PreEscaped(highlighted)) } }
        }
    })
}

fn headline_figures(figures: &Figures, deep_links: &DeepLinks) -> Markup {
    let summary = &figures.summary;
    let coverage_label = format!(
        "line coverage of the tests, measured by {}",
        figures.coverage.tool
    );
    html! {
        section.figures aria-label="In numbers" {
            ul.wrap.figure-list {
                @for id in HEADLINES {
                    @let headline = summary.headline(id);
                    @let target = deep_links.headline(id);
                    li {
                        a.figure-link href=(target.book) {
                            span.figure-value { (headline.display) }
                            span.figure-label { (headline.label) }
                        }
                        (item_links(target))
                    }
                }
                li {
                    span.figure-value { (figures.coverage.percent_text()) }
                    span.figure-label { (coverage_label) }
                }
            }
        }
    }
}

/// The links to the API docs of the items a figure or chart measures.
pub fn item_links(target: &Target) -> Markup {
    html! {
        span.figure-api {
            "API: "
            @for (i, item) in target.api.iter().enumerate() {
                @if i > 0 { ", " }
                a.api-link href=(item.href) { code { (item.name) } }
            }
        }
    }
}

fn features(figures: &Figures) -> Markup {
    let allocations = figures.summary.headline("allocs_per_job");
    let dependencies = match figures.dependencies.as_slice() {
        [] => "No dependencies beyond the standard library. ".to_string(),
        names => format!("Beside the standard library, only {}. ", names.join(", ")),
    };
    let allocation_text = if allocations.value == Some(0.0) {
        "Queueing a job and running it on a worker allocate nothing, as the benchmarks measure."
            .to_string()
    } else {
        format!(
            "Queueing a job and running it on a worker: {} {}, as the benchmarks measure.",
            allocations.display, allocations.label
        )
    };
    html! {
        section.section #features aria-labelledby="features-title" {
            div.wrap {
                p.eyebrow { "Features" }
                h2 #features-title { "What you get" }
                ul.feature-grid {
                    li {
                        h3 { "Typed jobs" }
                        p {
                            "A " code { "Pool<T>" } " queues values of type " code { "T" } ", and a worker is any "
                            code { "FnMut(T)" } ". The compiler checks both: no " code { "Box<dyn Any>" }
                            ", no downcasts, no job of the wrong type at run time."
                        }
                    }
                    li {
                        h3 { "Backpressure" }
                        p {
                            "When the queue is full, " code { "delegate" } " waits for room. "
                            code { "delegate_timeout" } " bounds the wait, " code { "try_delegate" }
                            " never waits, and a job that could not be queued comes back to you in the error."
                        }
                    }
                    li {
                        h3 { "Graceful stop" }
                        p {
                            code { "stop" } " runs the queued jobs on the workers left and returns once every "
                            "worker thread is joined. After it, " code { "delegate" } " returns an "
                            code { "Err" } " that hands the job back. Dropping the pool stops it the same way."
                        }
                    }
                    li {
                        h3 { "Workers at any time" }
                        p {
                            "Add a worker whenever you like, each with its own closure and state. "
                            code { "add_worker" } " returns a " code { "WorkerHandle" } ", whose "
                            code { "remove" } " lets that worker finish its job, then exit. A job that "
                            "panics does not take its worker down."
                        }
                    }
                    li {
                        h3 { "See inside" }
                        p {
                            code { "stats" } " tells how many workers are busy and how many jobs ran, "
                            "panicked or were turned away, without a lock. Opt in to each job's time in "
                            "the queue and at work as p50/p99 (and callers' waits for room), hooks around "
                            "every job, and tracing spans that follow jobs onto the workers."
                        }
                    }
                    li {
                        h3 { "Lean" }
                        p { (dependencies) (allocation_text) }
                    }
                    li {
                        h3 { "Model-checked" }
                        p {
                            "The races that matter, " code { "delegate" } " against " code { "stop" }
                            ", a full queue against " code { "stop" } ", removing a waiting worker, are checked "
                            "with loom. Tests wait on conditions, never on sleeps: "
                            (figures.coverage.percent_text()) " of the lines are covered."
                        }
                    }
                }
            }
        }
    }
}

fn upgrading() -> Result<Markup> {
    let v2 = highlight::to_html(&samples::UPGRADE.region("v2")?, "rs")?;
    let v3 = highlight::to_html(&samples::UPGRADE.region("v3")?, "rs")?;
    Ok(html! {
        section.section #upgrading aria-labelledby="upgrading-title" {
            div.wrap {
                p.eyebrow { "Upgrading" }
                h2 #upgrading-title { "Coming from v2" }
                p.lede {
                    "The idea is the same, with types: a job is a " code { "T" } " and a worker an "
                    code { "FnMut(T)" } ". A worker is removed through the handle " code { "add_worker" }
                    " returns, a job that cannot be queued comes back in the error, and " code { "stop" }
                    " finishes the queue."
                }
                div.side-by-side {
                    figure.code-card {
                        figcaption { "v2" }
                        pre { code.language-rust { (PreEscaped(v2)) } }
                    }
                    figure.code-card.current {
                        figcaption { "v3" }
                        pre { code.language-rust { (PreEscaped(v3)) } }
                    }
                }
                a.more href=(links::MIGRATION) {
                    span.more-title { "Migration guide" }
                    span.more-text { "Every v2 call and its v3 form, and the changes in behaviour to know about." }
                }
            }
        }
    })
}

fn get_started() -> Markup {
    html! {
        section.section #get-started aria-labelledby="get-started-title" {
            div.wrap.call {
                h2 #get-started-title { "Run your first pool in five minutes" }
                p {
                    "Add the crate, start a few workers, and hand them jobs. "
                    "The guide walks through the queue, workers and stopping."
                }
                div.actions {
                    a.button.primary href=(links::GET_STARTED) { "Get started" }
                    a.button href=(links::API) { "Read the API docs" }
                }
            }
        }
    }
}

fn footer(figures: &Figures) -> Markup {
    html! {
        footer.site-footer {
            div.wrap.site-footer-inner {
                p { "workerpool " (figures.version) " · MIT or Apache-2.0" }
                nav aria-label="Footer" {
                    a href=(links::BOOK) { "Book" }
                    a href=(links::API) { "API docs" }
                    a href=(links::MIGRATION) { "Upgrading" }
                    a href=(figures.repository) { "GitHub" }
                }
            }
        }
    }
}
