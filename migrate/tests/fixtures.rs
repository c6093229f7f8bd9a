//! Fixture pairs: each `tests/fixtures/NAME/before.rs` is migrated and compared byte for byte with `after.rs`, its
//! report with `report.txt`; a second run must change nothing. `UPDATE_FIXTURES=1` rewrites the expected files
//! (review the diff before committing them).

use std::fs;
use std::path::{Path, PathBuf};

use clap::Parser;
use migrate::cli::Args;
use migrate::run::{Status, run};

fn migrate(dir: &Path, file: &Path) -> (Status, String, String) {
    let args = Args::try_parse_from(["migrate", "--allow-dirty", file.to_str().unwrap()])
        .unwrap()
        .options();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run(&args, &mut out, &mut err);
    let prefix = format!("{}/", dir.display());
    let err = String::from_utf8(err).unwrap().replace(&prefix, "");
    (status, String::from_utf8(out).unwrap(), err)
}

fn fixture_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut dirs: Vec<PathBuf> = fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("before.rs").is_file())
        .collect();
    dirs.sort();
    dirs
}

#[test]
fn every_fixture_migrates_to_its_after_file_and_report() {
    let update = std::env::var_os("UPDATE_FIXTURES").is_some();
    let mut failures = Vec::new();
    let dirs = fixture_dirs();
    assert!(dirs.len() >= 20, "fixtures missing: {dirs:?}");
    for dir in dirs {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let temp = tempfile::tempdir().unwrap();
        let file = temp.path().join("before.rs");
        fs::copy(dir.join("before.rs"), &file).unwrap();
        let (status, _, report) = migrate(temp.path(), &file);
        let got = fs::read(&file).unwrap();
        if update {
            fs::write(dir.join("after.rs"), &got).unwrap();
            fs::write(dir.join("report.txt"), &report).unwrap();
            continue;
        }
        if status != Status::Done {
            failures.push(format!("{name}: status {status:?}"));
        }
        if got != fs::read(dir.join("after.rs")).unwrap() {
            failures.push(format!(
                "{name}: after.rs differs:\n{}",
                String::from_utf8_lossy(&got)
            ));
        }
        if report != fs::read_to_string(dir.join("report.txt")).unwrap() {
            failures.push(format!("{name}: report differs:\n{report}"));
        }
        // Every report line once: a place and its reason are said one time.
        let mut lines: Vec<&str> = report.lines().collect();
        lines.sort();
        if let Some(twice) = lines.windows(2).find(|w| w[0] == w[1]) {
            failures.push(format!("{name}: the report says this twice: {}", twice[0]));
        }
        if syn::parse_file(String::from_utf8_lossy(&got).trim_start_matches('\u{feff}')).is_err()
            && !String::from_utf8_lossy(&got).contains("#!")
        {
            failures.push(format!("{name}: the migrated file does not parse"));
        }
        // Idempotence: a second run changes nothing.
        let (status, _, report) = migrate(temp.path(), &file);
        if fs::read(&file).unwrap() != got
            || status != Status::Done
            || !report.contains("0 files changed")
        {
            failures.push(format!("{name}: a second run changed something:\n{report}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
