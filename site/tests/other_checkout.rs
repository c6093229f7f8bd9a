//! `cargo run -p site` builds the checkout it is run in, even when the binary was compiled in
//! another clone that shares its target directory; outside a workspace it says so.

mod common;

use std::path::Path;
use std::process::Command;

/// The site binary this test was built with: compiled from this checkout, like a binary cargo
/// reuses from a shared target directory.
const SITE: &str = env!("CARGO_BIN_EXE_site");

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(args)
        .current_dir(dir)
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?} failed in {}", dir.display());
}

#[test]
fn the_binary_builds_the_clone_it_runs_in_not_the_one_it_was_compiled_in() {
    let root = common::workspace_root();
    let clones = tempfile::tempdir().unwrap();
    let clone = clones.path().join("second-clone");
    git(
        clones.path(),
        &[
            "clone",
            "--quiet",
            "--no-hardlinks",
            root.to_str().unwrap(),
            "second-clone",
        ],
    );
    // Something only the second clone's book says, to recognise which book was published.
    let marker = "This sentence exists only in the second clone.";
    let chapter = clone.join("book/src/introduction.md");
    let text = std::fs::read_to_string(&chapter).expect("the clone has the book's introduction");
    std::fs::write(&chapter, format!("{text}\n{marker}\n")).unwrap();
    let own_dist = root.join("site/dist");
    let own_dist_before = std::fs::metadata(&own_dist).and_then(|m| m.modified()).ok();

    // Run from a folder deep inside the clone, the target directory shared with this checkout.
    let shared_target = root.join("target").join("site-test").join("other-checkout");
    let output = Command::new(SITE)
        .current_dir(clone.join("workerpool/src"))
        .env("CARGO_TARGET_DIR", &shared_target)
        .output()
        .expect("the site binary runs");
    assert!(
        output.status.success(),
        "the site did not build from the second clone:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let published = std::fs::read_to_string(clone.join("site/dist/book/introduction.html"))
        .expect("the site was written into the second clone's site/dist/");
    assert!(
        published.contains(marker),
        "the second clone's site shows another checkout's book"
    );
    let own_dist_after = std::fs::metadata(&own_dist).and_then(|m| m.modified()).ok();
    assert_eq!(
        own_dist_before, own_dist_after,
        "building the second clone touched this checkout's site/dist/"
    );
    assert!(
        !clone.join("workerpool/src/target").exists(),
        "scratch files went next to the current directory"
    );
}

#[test]
fn outside_a_workspace_the_binary_says_where_to_run_it_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let output = Command::new(SITE)
        .current_dir(dir.path())
        .output()
        .expect("the site binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "it built outside a workspace");
    assert!(
        stderr.contains("is not inside a cargo workspace") && stderr.contains("Run the site from"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "it wrote into the folder"
    );
}
