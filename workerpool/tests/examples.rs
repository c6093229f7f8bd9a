//! The programs in `examples/` run, and print what they should.
//!
//! `cargo test` builds the examples before it runs the tests; this runs those binaries
//! (from `target/<profile>/examples/`, beside this test's folder). Run alone (`cargo test
//! --test examples`), cargo does not build them: then, or when one is older than its
//! source or the library's, the test builds them itself, into a target folder of its own.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::SystemTime;

const EXAMPLES: &[&str] = &["batch", "connections", "service", "tokio_app"];

/// The folder with the examples' binaries, built from today's sources.
fn examples_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().unwrap();
        let profile_dir = exe.parent().unwrap().parent().unwrap(); // target/<profile>/deps/..
        let built = profile_dir.join("examples");
        if EXAMPLES.iter().all(|name| is_fresh(&built, name)) {
            return built;
        }
        let target = profile_dir.join("examples-test");
        let status = Command::new(env!("CARGO"))
            .args(["build", "--examples", "--manifest-path"])
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
            .arg("--target-dir")
            .arg(&target)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo build --examples failed");
        target.join("debug/examples")
    })
}

/// When `path` last changed: a file's time, or a folder's newest file's.
fn last_changed(path: &Path) -> Option<SystemTime> {
    if path.is_dir() {
        std::fs::read_dir(path)
            .ok()?
            .filter_map(|entry| last_changed(&entry.ok()?.path()))
            .max()
    } else {
        path.metadata().and_then(|m| m.modified()).ok()
    }
}

/// Whether `dir` holds example `name`, built after it or the library last changed.
fn is_fresh(dir: &Path, name: &str) -> bool {
    let package = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sources = [
        package.join(format!("examples/{name}.rs")),
        package.join("src"),
        package.join("Cargo.toml"),
    ];
    let binary = last_changed(&dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX)));
    let newest_source = sources
        .iter()
        .filter_map(|source| last_changed(source))
        .max();
    matches!((binary, newest_source), (Some(b), Some(s)) if b >= s)
}

/// Runs example `name` with `args`; returns what it printed on stdout and stderr.
fn run(name: &str, args: &[&str]) -> (String, String) {
    let binary = examples_dir().join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    let out = Command::new(&binary)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", binary.display()));
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert!(out.status.success(), "{name} failed:\n{stdout}{stderr}");
    (stdout, stderr)
}

/// The numbers in `line`, in order.
fn numbers(line: &str) -> Vec<u64> {
    line.split(|c: char| !c.is_ascii_digit())
        .filter(|word| !word.is_empty())
        .map(|word| word.parse().unwrap())
        .collect()
}

#[test]
fn batch_collects_every_chunks_result() {
    let (out, _) = run("batch", &[]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("50 chunks on "), "{out}");
    assert!(
        lines[0].ends_with(" workers: 41538 primes below 500000"),
        "{out}"
    );
    assert_eq!(lines[1], "first chunk: 1229 primes", "{out}");
}

#[test]
fn connections_hand_their_state_back_and_a_removed_one_sends_no_more() {
    let (out, _) = run("connections", &[]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("mx2 left after sending "), "{out}");
    assert_eq!(lines[1], r#"2 connections back: ["mx1", "mx3"]"#, "{out}");
    assert_eq!(
        lines[2], "60 emails sent, 0 through mx2 after it left",
        "{out}"
    );
}

#[test]
fn service_drains_its_queue_on_sigterm_and_keeps_the_email_it_could_not_queue() {
    let (out, err) = run("service", &["--self-test"]);
    assert!(
        err.contains("signal 15: sending what is queued, then exiting"),
        "{err}"
    );
    let [produced, sent, kept, _id] = numbers(out.trim())[..] else {
        panic!("unexpected output: {out}");
    };
    assert!(produced > 100, "the signal came after 100 emails: {out}");
    assert_eq!(kept, 1, "{out}");
    assert_eq!(sent + kept, produced, "every email queued was sent: {out}");
}

#[test]
fn tokio_app_answers_every_request_and_stops_without_blocking() {
    let (out, _) = run("tokio_app", &[]);
    assert_eq!(
        out,
        "1000 requests answered: total 85501\nstopped; 0 jobs left unrun\n"
    );
}
