//! The report agrees with what was written: every place the written code names `workerpool::v2` (an import, a
//! full path, an alias's type, a re-export) is counted in the summary and has a report line saying why.

mod common;

use std::fs;
use std::path::Path;

use common::{krate, migrate, names_on_v2, places_on_v2, text};
use serde_json::Value;

/// Migrates `file` (written in place) with the JSON report, after a `--check` with the text one, and checks that
/// both count, and give one line for, every name the written file puts on `workerpool::v2`.
fn assert_agrees(file: &Path) -> usize {
    let plain = text(&migrate(&["--check"], &[file]).stderr);
    let out = migrate(&["--allow-dirty", "--format", "json"], &[file]);
    let written = fs::read_to_string(file).unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();

    let on_v2 = names_on_v2(&written);
    let lines: Vec<&Value> = report["sites"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| ["import-on-v2", "path-on-v2", "reexport"].contains(&s["id"].as_str().unwrap()))
        .collect();
    let shown = |lines: &[&Value]| {
        lines
            .iter()
            .map(|s| format!("{}:{}: {}", s["line"], s["column"], s["message"]))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        lines.len(),
        on_v2,
        "{}: the written code names workerpool::v2 {on_v2} times, the report has these lines:\n{}\n\n{written}",
        file.display(),
        shown(&lines)
    );
    assert_eq!(report["summary"]["places_on_v2"], on_v2);
    assert_eq!(places_on_v2(&plain), on_v2, "{plain}");
    // A pool left on v2 has a reason, and every line that blames a pool points at one.
    let left = report["summary"]["pools_left_on_v2"].as_u64().unwrap() as usize;
    let reasons: Vec<String> = report["sites"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["kind"] == "left_on_v2")
        .map(|s| {
            format!(
                "{}:{}:{}",
                s["file"].as_str().unwrap(),
                s["line"],
                s["column"]
            )
        })
        .collect();
    assert!(
        reasons.len() >= left,
        "{} pools left, reasons: {reasons:?}",
        left
    );
    for line in &lines {
        let message = line["message"].as_str().unwrap();
        if let Some(rest) = message.split("the pool at ").nth(1) {
            let place = rest.split(' ').next().unwrap();
            assert!(
                reasons.iter().any(|r| r == place),
                "{message} points at no reason: {reasons:?}"
            );
        }
    }
    on_v2
}

#[test]
fn every_name_a_fixture_leaves_on_v2_is_counted_and_explained() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut total = 0;
    for entry in fs::read_dir(root).unwrap() {
        let before = entry.unwrap().path().join("before.rs");
        if before.is_file() {
            let temp = tempfile::tempdir().unwrap();
            let file = temp.path().join("main.rs");
            fs::copy(&before, &file).unwrap();
            total += assert_agrees(&file);
        }
    }
    assert!(total >= 10, "the fixtures leave only {total} names on v2");
}

/// A pool left on v2 behind an alias, a full path in a signature and a renamed import; one that migrates.
const ALIASES: &str = "use workerpool::{Pool as P, Worker};

type Shared = std::sync::Arc<workerpool::Pool>;

fn untyped(pool: &workerpool::Pool) {
    let w = Worker::new(|n| println!(\"{n}\"));
    pool.add_worker(&w).unwrap();
}

fn typed() {
    let pool = P::new(1);
    pool.add_worker(&Worker::new(|n: u8| println!(\"{n}\"))).unwrap();
}

fn main() {
    let shared: Shared = std::sync::Arc::new(P::new(1));
    untyped(&shared);
    shared.delegate(1u8).unwrap();
    typed();
}
";

#[test]
fn aliases_full_paths_and_renamed_imports_left_on_v2_are_counted_and_explained() {
    let dir = krate("\"2\"", ALIASES);
    let file = dir.path().join("src/main.rs");
    let on_v2 = assert_agrees(&file);
    assert!(on_v2 >= 1, "{}", fs::read_to_string(&file).unwrap());
}

#[test]
fn an_import_kept_because_another_file_still_names_it_says_so() {
    let main = "use workerpool::{Pool, Worker};\nmod helpers;\n\nfn main() {\n    let pool = Pool::new(2);\n    let w = Worker::new(|n: u8| drop(n));\n    pool.add_worker(&w).unwrap();\n    pool.delegate(1u8).unwrap();\n    drop(helpers::idle());\n}\n";
    // Through the glob, `Worker` here is the import of main.rs: dropping it would break this file.
    let helpers =
        "use crate::*;\n\npub fn idle() -> Worker {\n    Worker::new(|n: u8| drop(n))\n}\n";
    let dir = krate("\"2\"", main);
    fs::write(dir.path().join("src/helpers.rs"), helpers).unwrap();
    let src = dir.path().join("src");
    let out = migrate(&["--allow-dirty"], &[&src]);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    let written = fs::read_to_string(src.join("main.rs")).unwrap();
    assert!(
        written.starts_with("use workerpool::{Pool, v2::Worker};\n"),
        "{written}"
    );
    assert!(
        report.contains(
            "main.rs:1:1: note: the import of `Worker` stays on workerpool::v2: the file, or a file that globs from \
             this crate, still names it where this tool does not follow, so dropping it could break the build\n"
        ),
        "{report}"
    );
    assert_eq!(places_on_v2(&report), 1, "{report}");
}
