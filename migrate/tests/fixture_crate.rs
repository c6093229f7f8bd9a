//! The fixture crate `tests/crate` (written for workerpool 2.x) is built and run twice: as it is, against
//! `workerpool::v2` (what 2.x's API became), and migrated, against 3.x. Both must print the same results.
//! Builds offline against the workspace's `workerpool`, in their own target directory under `target/`.
//!
//! Then every fixture pair of `tests/fixtures` is run the same way: all `before.rs` files as modules of one crate
//! (against `workerpool::v2`), all `after.rs` files of another (against 3.x), one binary each that runs the fixture
//! named on its command line (its `fn main`, or its `pub fn run()`), and each fixture's two outputs are compared. A
//! program that runs longer than [`PROGRAM_TIMEOUT`] is killed and fails the test with its fixture's name.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Copies what is in `from` into `to` (created if need be), recursively.
fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    let options = fs_extra::dir::CopyOptions::new()
        .content_only(true)
        .overwrite(true);
    fs_extra::dir::copy(from, to, &options).unwrap();
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(dir.join("src"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    out.sort();
    out
}

/// Runs `cargo <subcommand>` (words split at spaces) offline on the crate in `dir`, with the workspace's lock file, in a
/// target directory of its own under the workspace's `target/`.
fn cargo(subcommand: &str, dir: &Path, target: &str) -> Output {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    fs::copy(workspace.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    Command::new(env!("CARGO"))
        .args(subcommand.split_whitespace())
        .args(["--quiet", "--offline", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env(
            "CARGO_TARGET_DIR",
            workspace.join("target/migrate-fixture-crate").join(target),
        )
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap()
}

/// Builds and runs the crate in `dir`; returns its standard output. Each build has its own target directory:
/// cargo tells two path packages of the same name apart by name only, and could take one build for the other.
fn build_and_run(dir: &Path, target: &str) -> String {
    let output = cargo("run", dir, target);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{} failed to build or run:\n{stderr}",
        dir.display()
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_fixture_crate_prints_the_same_before_and_after_migration() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/crate");
    let library = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../workerpool")
        .canonicalize()
        .unwrap();
    let temp = tempfile::tempdir().unwrap();
    let (before, after) = (temp.path().join("before"), temp.path().join("after"));
    copy_dir(&fixture, &before);
    copy_dir(&fixture, &after);

    // Before: the 2.x code, pointed at workerpool::v2.
    let manifest = fs::read_to_string(before.join("Cargo.toml")).unwrap();
    let dependency = format!(
        "workerpool = {{ package = \"typed-workerpool\", path = {:?}, features = [\"v2\"] }}\n\n[workspace]\n",
        library
    );
    fs::write(
        before.join("Cargo.toml"),
        manifest.replace("workerpool = \"2.1\"\n", &dependency),
    )
    .unwrap();
    for file in rust_files(&before) {
        let text = fs::read_to_string(&file).unwrap();
        fs::write(&file, text.replace("workerpool::", "workerpool::v2::")).unwrap();
    }

    // After: migrated by the tool, exactly as a user would run it.
    // This test builds both sides itself, against the workspace's library: migrate need not check.
    let run = Command::new(env!("CARGO_BIN_EXE_migrate"))
        .arg("--no-verify")
        .arg(after.join("src"))
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "migrate failed:\n{report}");
    assert!(
        report.contains(
            "main.rs:54:19: left on v2: the result of delegate is matched against Error::NoWorkers"
        ),
        "{report}"
    );
    assert!(
        report.contains("3 files changed, 3 pools migrated (18 sites), 1 pool left on v2"),
        "{report}"
    );
    let manifest = fs::read_to_string(after.join("Cargo.toml")).unwrap();
    let package = &migrate::manifest::PACKAGE;
    let requirement = if package.renamed() {
        format!(
            "workerpool = {{ package = \"{}\", version = \"3\", features = [\"v2\"] }}\n",
            package.name()
        )
    } else {
        "workerpool = { version = \"3\", features = [\"v2\"] }\n".to_string()
    };
    assert!(manifest.contains(&requirement), "{manifest}");
    let dependency = format!(
        "workerpool = {{ package = \"typed-workerpool\", version = \"3\", path = {:?}, features = [\"v2\"] }}\n\n[workspace]\n",
        library
    );
    fs::write(
        after.join("Cargo.toml"),
        manifest.replace(&requirement, &dependency),
    )
    .unwrap();

    let (old, new) = (
        build_and_run(&before, "before"),
        build_and_run(&after, "after"),
    );
    assert_eq!(old, new);
    assert_eq!(
        new,
        "workers after one remove: 1\n\
         squares: [1, 4, 9, 16, 25, 36]\n\
         workers after removing all: 0\n\
         doubled: [0, 2, 4, 6, 8]\n\
         letters: 35\n\
         fails without workers: true\n"
    );
}

/// Fixtures that cannot compile on their own, and why.
const NOT_STANDALONE: [(&str, &str); 2] = [
    (
        "error_targets",
        "uses anyhow, which is not a dependency here",
    ),
    (
        "refuse_unknown_flow",
        "passes the pool to a crate that does not exist",
    ),
];

/// Why most fixtures in [`OUTPUT_DIFFERS`] do: they end without waiting for their jobs. 2.x's drop (and `stop`)
/// throws the queued jobs away, so what the 2.x program prints depends on how far its workers got; 3.x's waits for them
/// (a behaviour change every report lists).
const ENDS_WITHOUT_WAITING: &str =
    "ends without waiting for its jobs: 2.x drops the queued ones, 3.x runs them";

/// Why the rest do: their workers print from several threads, in both versions, without the program waiting.
const RACES: &str =
    "its workers print from several threads without the program waiting: the output races";

/// Fixtures whose two programs print different things by design, and why. They still run, and must not hang.
const OUTPUT_DIFFERS: [(&str, &str); 18] = [
    (
        "pool_debug_output_forms",
        "it prints its pool with {:?} and {:#?}, and a pool's Debug has other fields in 3.x",
    ),
    (
        "debug_derived_once_for_two_pools",
        "it prints a struct holding two pools with {:?}, and a pool's Debug has other fields in 3.x",
    ),
    (
        "pool_debug_formatted",
        "it prints its pool with {:?}, and a pool's Debug has other fields in 3.x",
    ),
    (
        "debug_printed_pool",
        "it prints a struct holding its pool with {:?}, and a pool's Debug has other fields in 3.x",
    ),
    (
        "untyped_integer_job",
        "in 2.x its unsuffixed literal jobs are i32s, which panic its u64 worker; in 3.x they are u64s and run",
    ),
    (
        "untyped_integer_arithmetic_job",
        "in 2.x its jobs computed from untyped ranges are i32s, which panic its u64 worker; in 3.x they are u64s and run",
    ),
    (
        "pool_never_given_worker",
        "a pool no worker is ever added to: 2.x's delegate fails with NoWorkers, 3.x's queues the job",
    ),
    ("tail_delegate_trailing_comment", RACES),
    ("refuse_macro", RACES),
    ("refuse_mixed_jobs", RACES),
    ("refuse_untyped", RACES),
    ("threads_arc", RACES),
    ("crlf_bom", ENDS_WITHOUT_WAITING),
    ("full_paths", ENDS_WITHOUT_WAITING),
    ("inline_worker", ENDS_WITHOUT_WAITING),
    ("refuse_error_free", ENDS_WITHOUT_WAITING),
    ("refuse_no_workers_match", ENDS_WITHOUT_WAITING),
    ("shebang_cfg", ENDS_WITHOUT_WAITING),
];

/// How long one fixture program may run before it counts as hung: generous, as the machine may be loaded.
const PROGRAM_TIMEOUT: Duration = Duration::from_secs(60);

/// How a fixture is started: its `fn main` (a program), or its `pub fn run()` (a function whose result is printed).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Entry {
    Main,
    Run,
}

/// The entry point a fixture's text has at its top level, `fn main` first; `None` for a library-like fixture, which is
/// only compiled and its tests run.
fn entry(text: &str) -> Option<Entry> {
    let top_level = |item: &str| text.lines().any(|line| line.starts_with(item));
    if top_level("fn main(") {
        Some(Entry::Main)
    } else if top_level("pub fn run()") {
        Some(Entry::Run)
    } else {
        None
    }
}

/// Writes a crate made of `files` as modules, against workerpool with the `v2` feature, whose binary takes a fixture's
/// name and runs that fixture's entry point, printing what it returned (`{:?}`); builds it and runs the modules' tests.
/// Returns the binary.
fn build_fixture_crate(dir: &Path, files: &[(String, String)], target: &str) -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let library = workspace.join("workerpool");
    fs::create_dir_all(dir.join("src")).unwrap();
    let package = format!("fixtures_{target}");
    fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"{package}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [dependencies]\nworkerpool = {{ package = \"typed-workerpool\", path = {library:?}, features = [\"v2\"] }}\n\
             anyhow = \"1\"\n\n[workspace]\n"
        ),
    )
    .unwrap();
    let mut main = String::from("#![allow(dead_code, unused, deprecated, unexpected_cfgs)]\n");
    let mut arms = String::new();
    for (name, text) in files {
        // A fixture is a crate root of its own where it runs as a package: its `crate::` paths (the compiler's job
        // types are written so) mean its module here.
        let mut text = text.replace("crate::", &format!("crate::{name}::"));
        match entry(&text) {
            // A module's `main` is private to it; a function appended to the module hands it to the crate root.
            Some(Entry::Main) => {
                text.push_str("\npub fn fixture_main() -> impl std::fmt::Debug {\n    main()\n}\n");
                arms.push_str(&format!(
                    "        \"{name}\" => println!(\"{{:?}}\", {name}::fixture_main()),\n"
                ));
            }
            Some(Entry::Run) => arms.push_str(&format!(
                "        \"{name}\" => println!(\"{{:?}}\", {name}::run()),\n"
            )),
            None => {}
        }
        fs::write(dir.join("src").join(format!("{name}.rs")), text).unwrap();
        main.push_str(&format!("mod {name};\n"));
    }
    main.push_str(&format!(
        "fn main() {{\n    let name = std::env::args().nth(1).expect(\"a fixture's name\");\n    \
         match name.as_str() {{\n{arms}        other => panic!(\"no fixture {{other}}\"),\n    }}\n}}\n"
    ));
    fs::write(dir.join("src/main.rs"), main).unwrap();
    let output = cargo("build", dir, target);
    assert!(
        output.status.success(),
        "{target}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The modules' own tests (`#[cfg(test)]` code) must build and pass too.
    let tests = cargo("test", dir, target);
    assert!(
        tests.status.success(),
        "{target} tests: {}{}",
        String::from_utf8_lossy(&tests.stdout),
        String::from_utf8_lossy(&tests.stderr)
    );
    workspace
        .join("target/migrate-fixture-crate")
        .join(target)
        .join("debug")
        .join(format!("{package}{}", std::env::consts::EXE_SUFFIX))
}

/// A fixture program started, its output going to files (a pipe nobody reads while waiting could block it).
struct Started {
    child: Child,
    stdout: PathBuf,
    stderr: PathBuf,
}

/// What a fixture program that finished did.
struct Finished {
    success: bool,
    stdout: String,
    stderr: String,
}

fn start(binary: &Path, name: &str, logs: &Path) -> Started {
    let (stdout, stderr) = (
        logs.join(format!("{name}.out")),
        logs.join(format!("{name}.err")),
    );
    let child = Command::new(binary)
        .arg(name)
        .stdin(Stdio::null())
        .stdout(fs::File::create(&stdout).unwrap())
        .stderr(fs::File::create(&stderr).unwrap())
        .spawn()
        .unwrap();
    Started {
        child,
        stdout,
        stderr,
    }
}

/// Waits for the program until `deadline`; kills it and returns `Err` if it is still running then.
fn finish(mut started: Started, deadline: Instant) -> Result<Finished, String> {
    loop {
        if let Some(status) = started.child.try_wait().unwrap() {
            return Ok(Finished {
                success: status.success(),
                stdout: fs::read_to_string(&started.stdout).unwrap(),
                stderr: fs::read_to_string(&started.stderr).unwrap(),
            });
        }
        if Instant::now() >= deadline {
            started.child.kill().unwrap();
            started.child.wait().unwrap();
            return Err(format!(
                "still running after {PROGRAM_TIMEOUT:?}, killed; it printed:\n{}",
                fs::read_to_string(&started.stdout).unwrap()
            ));
        }
        // Polling only bounds how late a hang is noticed; no result depends on it.
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn every_fixture_compiles_and_runs_the_same_before_against_v2_and_after_against_3x() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut before = Vec::new();
    let mut after = Vec::new();
    let mut names: Vec<String> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| root.join(n).join("before.rs").is_file())
        .collect();
    names.sort();
    names.retain(|n| !NOT_STANDALONE.iter().any(|(skip, _)| skip == n));
    for name in &names {
        // Before: 2.x code, with its paths pointed at workerpool::v2 (what 2.x's API is in 3.x); a fixture that
        // already names workerpool::v2 (and 3.x beside it) compiles as it is.
        let original = fs::read_to_string(root.join(name).join("before.rs")).unwrap();
        let against_v2 = if original.contains("workerpool::v2") {
            original
        } else {
            // `use workerpool as wp;` names the crate itself, so it points at the module instead.
            original
                .replace("workerpool::", "workerpool::v2::")
                .replace("use workerpool as ", "use workerpool::v2 as ")
        };
        before.push((name.clone(), against_v2));
        after.push((
            name.clone(),
            fs::read_to_string(root.join(name).join("after.rs")).unwrap(),
        ));
    }
    assert!(after.len() >= 20);
    let temp = tempfile::tempdir().unwrap();
    let old_binary = build_fixture_crate(&temp.path().join("before"), &before, "v2");
    let new_binary = build_fixture_crate(&temp.path().join("after"), &after, "v3");
    let (old_logs, new_logs) = (temp.path().join("logs-v2"), temp.path().join("logs-v3"));
    fs::create_dir_all(&old_logs).unwrap();
    fs::create_dir_all(&new_logs).unwrap();

    let mut failures = Vec::new();
    let mut ran = 0;
    for ((name, old_text), (_, new_text)) in before.iter().zip(&after) {
        let (old_entry, new_entry) = (entry(old_text), entry(new_text));
        assert_eq!(
            old_entry, new_entry,
            "{name}: the migration changed its entry point"
        );
        if old_entry.is_none() {
            continue;
        }
        ran += 1;
        // Both programs at once: they are independent, and this halves the wait for slow ones.
        let deadline = Instant::now() + PROGRAM_TIMEOUT;
        let (old, new) = (
            start(&old_binary, name, &old_logs),
            start(&new_binary, name, &new_logs),
        );
        let (old, new) = (finish(old, deadline), finish(new, deadline));
        let (old, new) = match (old, new) {
            (Ok(old), Ok(new)) => (old, new),
            (old, new) => {
                for (side, outcome) in [("before (v2)", old), ("after (3.x)", new)] {
                    if let Err(hung) = outcome {
                        failures.push(format!("{name}, {side}: {hung}"));
                    }
                }
                continue;
            }
        };
        if OUTPUT_DIFFERS.iter().any(|(differs, _)| differs == name) {
            continue;
        }
        for (side, outcome) in [("before (v2)", &old), ("after (3.x)", &new)] {
            if !outcome.success {
                failures.push(format!("{name}, {side}: failed:\n{}", outcome.stderr));
            }
        }
        if old.stdout != new.stdout {
            failures.push(format!(
                "{name}: prints differently.\nbefore (v2):\n{}\nafter (3.x):\n{}",
                old.stdout, new.stdout
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // Every fixture with a `fn main` or `pub fn run()` ran; there are more than 40.
    assert!(ran >= 40, "only {ran} fixtures ran");
}

#[cfg(target_os = "linux")]
#[test]
fn a_program_still_running_at_its_deadline_is_killed_and_reported() {
    let logs = tempfile::tempdir().unwrap();
    // `sleep 600` stands for a fixture that hangs: started like one, it gets its argument and output files.
    let started = start(Path::new("sleep"), "600", logs.path());
    let pid = started.child.id();
    let hung = finish(started, Instant::now() + Duration::from_millis(200))
        .err()
        .expect("a program past its deadline is an error");
    assert!(hung.contains("killed"), "{hung}");
    // Killed and reaped: no process of that id is left running.
    assert!(!Path::new(&format!("/proc/{pid}")).exists());
}
