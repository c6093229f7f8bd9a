//! Builds the hosted site of workerpool as static files: the landing page, the book and the API docs.
//!
//! [`build`] writes everything into one folder (by default `site/dist/`), then checks what it wrote:
//! every internal link and `#anchor` resolves and nothing is loaded from outside the site.
//! [`serve()`] previews that folder on `127.0.0.1`.

pub mod api_docs;
pub mod book;
pub mod check;
pub mod copy_tree;
pub mod coverage;
pub mod data_file;
pub mod deep_links;
pub mod figures;
pub mod highlight;
pub mod landing;
pub mod layout;
pub mod performance;
pub mod samples;
pub mod serve;
pub mod summary;

use anyhow::{Context, Result};
use std::fs;
use std::path::{Path, PathBuf};

pub use layout::Layout;

/// What a finished build wrote.
#[derive(Debug)]
pub struct Built {
    /// The folder holding the whole site, `index.html` at its root.
    pub dist: PathBuf,
    /// How many HTML pages the site has, across the landing page, the book and the API docs.
    pub pages: usize,
}

/// Builds the whole site into `layout.dist`, replacing what was there, then checks it.
///
/// The data files are read first, so a missing or malformed one fails the build before anything
/// is written. The site is built in a sibling folder and moved into place only once it passed
/// its checks, so a failed build leaves the previous site untouched.
pub fn build(layout: &Layout) -> Result<Built> {
    let figures = figures::Figures::load(layout)?;
    let staging = staging_dir(layout)?;

    book::build(&layout.book_dir, &staging.join("book"))?;
    let deep_links = deep_links::DeepLinks::find(&staging.join("book"), &figures.summary)?;
    landing::write(&staging, &figures, &deep_links)?;
    api_docs::build(layout, &staging.join("api"))?;

    let report = check::SiteReport::scan(&staging)?;
    report.ensure_sound()?;

    if layout.dist.exists() {
        fs::remove_dir_all(&layout.dist).with_context(|| {
            format!("could not remove the old site at {}", layout.dist.display())
        })?;
    }
    move_dir(&staging, &layout.dist)?;
    Ok(Built {
        dist: layout.dist.clone(),
        pages: report.pages(),
    })
}

/// An empty folder under the work folder to build into.
fn staging_dir(layout: &Layout) -> Result<PathBuf> {
    let staging = layout.work_dir.join("staging");
    if staging.exists() {
        fs::remove_dir_all(&staging)
            .with_context(|| format!("could not clear {}", staging.display()))?;
    }
    fs::create_dir_all(&staging)
        .with_context(|| format!("could not create {}", staging.display()))?;
    Ok(staging)
}

/// Moves a folder, copying it when it lies on another file system than `to`.
fn move_dir(from: &Path, to: &Path) -> Result<()> {
    if let Some(parent) = to.parent() {
        fs::create_dir_all(parent)
            .with_context(|| format!("could not create {}", parent.display()))?;
    }
    if fs::rename(from, to).is_ok() {
        return Ok(());
    }
    copy_tree::copy_tree(from, to, |_| true)?;
    fs::remove_dir_all(from).with_context(|| format!("could not remove {}", from.display()))
}

pub use serve::serve;
