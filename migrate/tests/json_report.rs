//! `--format json`: one object with every site and the summary, agreeing with the text report line for line.

mod common;

use std::fs;
use std::path::Path;

use common::{krate, migrate, text};
use migrate::analysis::Refusal;
use serde_json::Value;

/// One pool that migrates, one whose worker's job type is not written, and a file that does not parse.
const MIXED: &str = "use workerpool::{Pool, Worker};

fn typed() {
    let pool = Pool::new(1);
    pool.add_worker(&Worker::new(|n: u64| println!(\"{n}\"))).unwrap();
    pool.delegate(1u64).unwrap();
}

fn untyped() {
    let pool = Pool::new(1);
    let w = Worker::new(|n| println!(\"{n}\"));
    pool.add_worker(&w).unwrap();
    pool.delegate(2u64).unwrap();
}

fn main() {
    typed();
    untyped();
}
";

fn json(stdout: &[u8]) -> Value {
    serde_json::from_slice(stdout)
        .unwrap_or_else(|e| panic!("stdout is not one JSON value ({e}):\n{}", text(stdout)))
}

fn sites<'a>(report: &'a Value, kind: &str) -> Vec<&'a Value> {
    report["sites"]
        .as_array()
        .expect("sites is an array")
        .iter()
        .filter(|s| s["kind"] == kind)
        .collect()
}

#[test]
fn every_site_is_an_object_with_file_line_column_kind_id_and_message() {
    let dir = krate("\"2\"", MIXED);
    fs::write(dir.path().join("src/broken.rs"), "fn broken( {\n").unwrap();
    let src = dir.path().join("src");
    let out = migrate(&["--check", "--format", "json"], &[&src]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let report = json(&out.stdout);
    assert_eq!(report["version"], 1);
    let main = src.join("main.rs").display().to_string();

    let migrated = sites(&report, "migrated");
    let ctor = migrated
        .iter()
        .find(|s| s["id"] == "job-type-at-constructor")
        .expect("the constructor is a migrated site");
    assert_eq!(
        (&ctor["file"], &ctor["line"], &ctor["column"]),
        (
            &Value::from(main.clone()),
            &Value::from(4),
            &Value::from(20)
        )
    );
    assert_eq!(
        ctor["message"],
        "the constructor gets the job type: `::<u64>`"
    );
    let ids: Vec<&Value> = migrated.iter().map(|s| &s["id"]).collect();
    assert!(ids.contains(&&Value::from("add-worker")), "{ids:?}");
    assert!(ids.contains(&&Value::from("delegate")), "{ids:?}");

    let left = sites(&report, "left_on_v2");
    assert_eq!(left.len(), 1, "{report:#}");
    assert_eq!(left[0]["id"], "needs-compiler");
    assert_eq!(
        (&left[0]["line"], &left[0]["column"]),
        (&Value::from(11), &Value::from(13))
    );

    let errors = sites(&report, "error");
    assert_eq!(errors.len(), 1, "{report:#}");
    assert_eq!(errors[0]["id"], "does-not-parse");
    assert!(errors[0]["file"].as_str().unwrap().ends_with("broken.rs"));

    let summary = &report["summary"];
    assert_eq!(summary["written"], false);
    assert_eq!(summary["pools_migrated"], 1);
    assert_eq!(summary["pools_left_on_v2"], 1);
    assert_eq!(summary["sites_migrated"], migrated.len());
    assert_eq!(summary["errors"], 1);
    assert_eq!(summary["files_changed"], 2);
    assert_eq!(summary["check_everywhere"].as_array().unwrap().len(), 6);
    assert_eq!(fs::read_to_string(src.join("main.rs")).unwrap(), MIXED);
}

/// The text report's site lines as the JSON report gives them.
fn as_text(report: &Value) -> Vec<String> {
    let label = |kind: &str| match kind {
        "left_on_v2" => "left on v2".to_string(),
        "behaviour_change" => "behaviour change".to_string(),
        other => other.to_string(),
    };
    report["sites"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["kind"] != "migrated")
        .map(|s| {
            let at = match (s["line"].as_u64(), s["column"].as_u64()) {
                (Some(l), Some(c)) => format!(":{l}:{c}"),
                _ => String::new(),
            };
            let (file, kind) = (s["file"].as_str().unwrap(), s["kind"].as_str().unwrap());
            format!(
                "{file}{at}: {}: {}",
                label(kind),
                s["message"].as_str().unwrap()
            )
        })
        .collect()
}

/// Runs `--check` on `file` in both formats; asserts they report the same sites and counts, and returns the JSON.
fn both_formats(file: &Path) -> Value {
    let plain = migrate(&["--check", "--allow-dirty"], &[file]);
    let out = migrate(&["--check", "--allow-dirty", "--format", "json"], &[file]);
    assert_eq!(plain.status.code(), out.status.code());
    let report = json(&out.stdout);
    let plain = text(&plain.stderr);
    let (lines, summary) = plain.split_at(plain.find("summary: ").unwrap());
    assert_eq!(lines.lines().collect::<Vec<_>>(), as_text(&report));
    let s = &report["summary"];
    let on_v2 = match s["places_on_v2"].as_u64().unwrap() {
        0 => String::new(),
        1 => " (1 place names workerpool::v2)".to_string(),
        n => format!(" ({n} places name workerpool::v2)"),
    };
    let expected = format!(
        "summary: {} would change, {} migrated ({}), {} left on v2{on_v2}, {}",
        counted(&s["files_changed"], "file"),
        counted(&s["pools_migrated"], "pool"),
        counted(&s["sites_migrated"], "site"),
        counted(&s["pools_left_on_v2"], "pool"),
        counted(&s["errors"], "error"),
    );
    assert_eq!(summary.lines().next().unwrap(), expected);
    report
}

fn counted(n: &Value, what: &str) -> String {
    let n = n.as_u64().unwrap();
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

#[test]
fn the_json_and_text_reports_agree_and_every_reason_has_its_own_id() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut generic = Vec::new();
    let mut unlisted = Vec::new();
    let mut fixtures = 0;
    for entry in fs::read_dir(root).unwrap() {
        let before = entry.unwrap().path().join("before.rs");
        if !before.is_file() {
            continue;
        }
        fixtures += 1;
        let temp = tempfile::tempdir().unwrap();
        let file = temp.path().join("main.rs");
        fs::copy(&before, &file).unwrap();
        let report = both_formats(&file);
        for site in report["sites"].as_array().unwrap() {
            let id = site["id"].as_str().unwrap();
            // A pool left on v2 names the refusal the analysis gave, by the id it lists.
            if site["kind"] == "left_on_v2" && !Refusal::IDS.contains(&id) {
                unlisted.push(format!("{}: {id}: {}", before.display(), site["message"]));
            }
            if [
                "left-on-v2",
                "behaviour-change",
                "note",
                "migrated",
                "error",
            ]
            .contains(&id)
            {
                generic.push(format!("{}: {}", before.display(), site["message"]));
            }
        }
    }
    assert!(fixtures >= 20);
    assert!(
        generic.is_empty(),
        "messages without an id of their own:\n{}",
        generic.join("\n")
    );
    assert!(
        unlisted.is_empty(),
        "refusals whose id is not in Refusal::IDS:\n{}",
        unlisted.join("\n")
    );
}

#[test]
fn json_cannot_be_mixed_with_the_diff_on_stdout() {
    let dir = krate("\"2\"", MIXED);
    let out = migrate(&["--diff", "--format", "json"], &[&dir.path().join("src")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("the argument '--diff' cannot be used with '--format <FORMAT>'"),
        "{}",
        text(&out.stderr)
    );
}
