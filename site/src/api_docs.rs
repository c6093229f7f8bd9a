//! The API docs: rustdoc's output for the `workerpool` crate, under the site's `api/` folder.

use crate::Layout;
use anyhow::{Context, Result, bail};
use std::fs;
use std::path::Path;
use std::process::Command;

/// The crate whose docs the site hosts, by its library name (rustdoc's folder).
pub const CRATE: &str = "workerpool";

/// The package that holds it, as cargo's `-p` names it (crates.io's `workerpool` is another crate).
pub const PACKAGE: &str = "typed-workerpool";

/// What `cargo doc` is asked for, after `doc`: the v2 module too, which crates being migrated
/// still use.
pub const DOC_ARGS: &[&str] = &["-p", PACKAGE, "--no-deps", "--features", "v2"];

/// Runs `cargo doc` for the crate into a target folder of the site's own (so it never waits on
/// a cargo that is running this build), then copies the docs into `dest`. `dest/index.html`
/// forwards to the crate's page.
pub fn build(layout: &Layout, dest: &Path) -> Result<()> {
    let target = layout.work_dir.join("api-target");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(&cargo)
        .arg("doc")
        .args(DOC_ARGS)
        .arg("--target-dir")
        .arg(&target)
        .current_dir(&layout.root)
        .status()
        .with_context(|| {
            format!(
                "could not run `{} doc`: is cargo installed?",
                cargo.to_string_lossy()
            )
        })?;
    if !status.success() {
        bail!(
            "`cargo doc {}` failed ({status}): see its output above",
            DOC_ARGS.join(" ")
        );
    }
    let docs = target.join("doc");
    if !docs.join(CRATE).join("index.html").is_file() {
        bail!(
            "`cargo doc` wrote no {CRATE}/index.html into {}",
            docs.display()
        );
    }
    copy_docs(&docs, dest)?;
    fs::write(dest.join("index.html"), forwarding_page())
        .with_context(|| format!("could not write {}", dest.join("index.html").display()))
}

/// Copies rustdoc's output, less cargo's lock files.
fn copy_docs(docs: &Path, dest: &Path) -> Result<()> {
    crate::copy_tree::copy_tree(docs, dest, |entry| entry.file_name() != ".lock")
        .context("could not copy the API docs into the site")
}

/// `api/index.html`: sends the reader on to the crate's docs, with a link for when it doesn't.
fn forwarding_page() -> String {
    maud::html! {
        (maud::DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { (CRATE) " API docs" }
                meta http-equiv="refresh" content={ "0; url=" (CRATE) "/index.html" };
            }
            body {
                p { "The API docs are at " a href={ (CRATE) "/index.html" } { (CRATE) "/index.html" } "." }
            }
        }
    }
    .into_string()
}
