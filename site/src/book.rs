//! Builds the mdBook through mdBook's own library, so nobody needs the `mdbook` binary.
//!
//! Only the HTML renderer runs, into the site's `book/` folder. A warning from mdBook fails the
//! build: the book must build clean.

use anyhow::{Context, Result, bail};
use mdbook_driver::MDBook;
use mdbook_driver::config::Config;
use mdbook_html::HtmlHandlebars;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::{Arc, Mutex};
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::Layer;
use tracing_subscriber::layer::{Context as LayerContext, SubscriberExt};

/// Builds the book at `book_dir` (the folder of `book.toml`) as HTML into `dest`.
///
/// mdBook's own messages are shown as it logs them. Any warning or error it logs fails the
/// build, listed in the error. Chapters missing from `SUMMARY.md` are an error, never created.
pub fn build(book_dir: &Path, dest: &Path) -> Result<()> {
    let book_toml = book_dir.join("book.toml");
    if !book_toml.is_file() {
        bail!(
            "there is no book at {}: {} is missing. The book's sources belong in {}/.",
            book_dir.display(),
            book_toml.display(),
            book_dir.display()
        );
    }
    let warnings = Arc::new(Mutex::new(Vec::new()));
    let subscriber = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_target(false)
                .without_time()
                .with_filter(tracing_subscriber::filter::LevelFilter::INFO),
        )
        .with(WarningCollector {
            warnings: Arc::clone(&warnings),
        });
    tracing::subscriber::with_default(subscriber, || render(book_dir, &book_toml, dest))?;

    let warnings = warnings
        .lock()
        .expect("no thread panicked while holding the list");
    if !warnings.is_empty() {
        let mut message = format!("the book at {} built with warnings:", book_dir.display());
        for warning in warnings.iter() {
            write!(message, "\n  - {warning}").expect("writing to a String cannot fail");
        }
        message.push_str(
            "\nFix them in the book's sources: the site is built only from a clean book.",
        );
        bail!(message);
    }
    Ok(())
}

fn render(book_dir: &Path, book_toml: &Path, dest: &Path) -> Result<()> {
    let mut config = Config::from_disk(book_toml)
        .with_context(|| format!("could not read {}", book_toml.display()))?;
    config.update_from_env()?;
    // mdBook would otherwise create an empty file for every chapter SUMMARY.md names but
    // the sources lack: the build must not write into the book's sources.
    config.build.create_missing = false;
    config.build.build_dir = dest.to_path_buf();
    // The site is self-contained: mdBook's "run" buttons would fetch from the Rust playground.
    config.set("output.html.playground.runnable", false)?;
    // Readers search the guide; mdBook's search scripts and index are files of the book itself.
    config.set("output.html.search.enable", true)?;
    config.set("output.html.search.copy-js", true)?;
    // mdBook warns without a `site-url`, which only its 404 page uses; the site drops that page
    // (see below), so any value does.
    if config.get::<String>("output.html.site-url")?.is_none() {
        config.set("output.html.site-url", "/book/")?;
    }
    let book = MDBook::load_with_config(book_dir, config)
        .with_context(|| format!("could not load the book at {}", book_dir.display()))?;
    let renderer = HtmlHandlebars::new();
    let built = book.build_dir_for("html");
    book.execute_build_process(&renderer)
        .with_context(|| format!("could not build the book at {}", book_dir.display()))?;
    if built != dest {
        // With more than one renderer configured, mdBook gives each a subfolder.
        let html = dest.with_extension("html-only");
        std::fs::rename(&built, &html)?;
        std::fs::remove_dir_all(dest)?;
        std::fs::rename(&html, dest)?;
    }
    // GitHub Pages serves only the site root's 404.html; the book's own, whose links resolve
    // against the absolute `site-url`, would be a page no reader reaches that breaks elsewhere.
    let not_found = dest.join("404.html");
    if not_found.exists() {
        std::fs::remove_file(&not_found)
            .with_context(|| format!("could not remove {}", not_found.display()))?;
    }
    Ok(())
}

/// Records the text of every warning and error logged while it is installed.
struct WarningCollector {
    warnings: Arc<Mutex<Vec<String>>>,
}

impl<S: Subscriber> Layer<S> for WarningCollector {
    fn on_event(&self, event: &Event<'_>, _: LayerContext<'_, S>) {
        if *event.metadata().level() <= Level::WARN {
            let mut text = MessageText(String::new());
            event.record(&mut text);
            let entry = format!("{}: {}", event.metadata().level(), text.0);
            self.warnings
                .lock()
                .expect("no thread panicked while holding the list")
                .push(entry);
        }
    }
}

/// The `message` field of an event, and any other fields after it.
struct MessageText(String);

impl Visit for MessageText {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        if field.name() == "message" {
            write!(self.0, "{value:?}")
        } else {
            write!(self.0, "{}={value:?}", field.name())
        }
        .expect("writing to a String cannot fail");
    }
}
