//! Getting started, followed as a reader would: its commands run, its final program built and run.
//!
//! The test reads `src/getting-started.md`, runs its `cargo new` and `cargo add` lines as they
//! are written, writes the chapter's last Rust sample, as mdBook shows it (hidden lines left
//! out), into `src/main.rs`, then runs the chapter's `cargo run` line and compares what the
//! program prints with what the chapter shows.
//!
//! What it proves: the install line, run literally, resolves `typed-workerpool@3` to this
//! library as crates.io would serve it (the packaged `.crate`, with the dependencies its
//! published manifest names), and the program a reader copies builds and prints what the
//! chapter says. What it cannot prove: that crates.io already has the package, since
//! publishing is a release step; crates.io is replaced by a local directory of crates
//! (cargo's source replacement), made from `cargo package` and `cargo vendor` (which may
//! download from crates.io a crate of another platform that cargo's cache lacks); from then on
//! every command runs offline.
//! It uses the system's `tar` to unpack the packaged crate.

use super::checks::parse_chapter;
use std::path::{Path, PathBuf};
use std::process::Command;

const CHAPTER: &str = "getting-started.md";

/// The commands of a `console` block: its `$ ` lines, split into words.
fn commands(console: &str) -> Vec<Vec<String>> {
    console
        .lines()
        .filter_map(|line| line.strip_prefix("$ "))
        .map(|command| command.split_whitespace().map(str::to_owned).collect())
        .collect()
}

/// The lines of a `console` block that are not commands: what the commands print.
fn printed(console: &str) -> String {
    console
        .lines()
        .filter(|line| !line.starts_with("$ "))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// A Rust sample as mdBook shows it: without the lines it hides (`# ...`, and a lone `#`).
fn as_shown(sample: &str) -> String {
    sample
        .lines()
        .filter(|line| {
            let trimmed = line.trim_start();
            !(trimmed.starts_with("# ") || trimmed == "#")
        })
        .map(|line| format!("{line}\n"))
        .collect()
}

/// Runs `command` in `dir`, offline, and returns its stdout; panics with its stderr if it fails.
fn run(command: &[String], dir: &Path, target: &Path) -> String {
    run_with_network(command, dir, target, false)
}

/// As `run`; with `network`, cargo may download a crate that is not in its cache yet.
fn run_with_network(command: &[String], dir: &Path, target: &Path, network: bool) -> String {
    let (program, args) = command.split_first().expect("a command has a program");
    let program = match program.as_str() {
        "cargo" => PathBuf::from(env!("CARGO")),
        other => PathBuf::from(other),
    };
    let mut command_line = Command::new(&program);
    command_line
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target);
    if !network {
        command_line.env("CARGO_NET_OFFLINE", "true");
    }
    let out = command_line
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    assert!(
        out.status.success(),
        "`{}` failed in {}:\n{}",
        command.join(" "),
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

fn words(command: &str) -> Vec<String> {
    command.split_whitespace().map(str::to_owned).collect()
}

/// A folder of crates that stands in for crates.io: this library as `cargo package` makes
/// it, and the crates it depends on, from cargo's cache.
fn local_registry(scratch: &Path, target: &Path) -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let library = workspace.join("workerpool");
    let vendor = scratch.join("crates");

    // Its dependencies: those of a crate that depends on the library, with the workspace's
    // lock file, so that the versions are those in cargo's cache.
    let user = scratch.join("dependencies");
    std::fs::create_dir_all(user.join("src")).unwrap();
    std::fs::write(
        user.join("Cargo.toml"),
        format!(
            "[package]\nname = \"dependencies\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\n\
             [dependencies]\ntyped-workerpool = {{ path = {library:?} }}\n\n[workspace]\n"
        ),
    )
    .unwrap();
    std::fs::write(user.join("src/lib.rs"), "").unwrap();
    std::fs::copy(workspace.join("Cargo.lock"), user.join("Cargo.lock")).unwrap();
    // A reader's lock file names every crate of every platform (loom's, for `cfg(loom)`,
    // too), and a directory source must hold them all: `cargo vendor` downloads from
    // crates.io the few that no build here has fetched.
    run_with_network(
        &words("cargo vendor --versioned-dirs ../crates"),
        &user,
        target,
        true,
    );

    // The library itself, unpacked from its .crate as crates.io's index would serve it.
    let manifest = library.join("Cargo.toml");
    run(
        &[
            "cargo".into(),
            "package".into(),
            "--no-verify".into(),
            "--allow-dirty".into(),
            "--manifest-path".into(),
            manifest.display().to_string(),
        ],
        scratch,
        target,
    );
    let packaged = std::fs::read_dir(target.join("package"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "crate"))
        .expect("cargo package wrote a .crate");
    run(
        &["tar".into(), "xzf".into(), packaged.display().to_string()],
        &vendor,
        target,
    );
    let unpacked = vendor.join(packaged.file_stem().unwrap());
    // A directory source wants a checksum file; `null` is its "not checked" for the package.
    std::fs::write(
        unpacked.join(".cargo-checksum.json"),
        r#"{"files":{},"package":null}"#,
    )
    .unwrap();
    vendor
}

#[test]
fn getting_started_followed_literally_builds_and_prints_what_it_shows() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src")
            .join(CHAPTER),
    )
    .unwrap();
    let blocks = parse_chapter(&text);
    let consoles: Vec<&str> = blocks
        .iter()
        .filter(|(language, _)| language == "console")
        .map(|(_, body)| body.as_str())
        .collect();
    let (setup, last_console) = (consoles[0], consoles[consoles.len() - 1]);
    let program = blocks
        .iter()
        .rev()
        .find(|(language, _)| language == "rust")
        .map(|(_, body)| as_shown(body))
        .expect("the chapter ends with its whole program");
    let manifest_shown = blocks
        .iter()
        .find(|(language, _)| language == "toml")
        .map(|(_, body)| body.clone())
        .expect("the chapter shows the dependency it adds");

    let scratch = std::env::temp_dir().join(format!(
        "workerpool-book-getting-started-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&scratch);
    let home = scratch.join("reader");
    std::fs::create_dir_all(&home).unwrap();
    let target = scratch.join("target");
    let registry = local_registry(&scratch, &target);
    // cargo reads this from the reader's folder or any above it: crates.io is the local folder.
    std::fs::create_dir_all(home.join(".cargo")).unwrap();
    std::fs::write(
        home.join(".cargo/config.toml"),
        format!(
            "[source.crates-io]\nreplace-with = \"book\"\n\n[source.book]\ndirectory = {:?}\n",
            registry.display().to_string()
        ),
    )
    .unwrap();

    // Step 1, as written: `cargo new`, `cd`, `cargo add`.
    let mut dir = home.clone();
    let setup = commands(setup);
    assert!(
        setup.iter().any(|c| c[..2] == ["cargo", "add"]),
        "step 1 installs the library: {setup:?}"
    );
    for command in &setup {
        match command.as_slice() {
            [cd, folder] if cd == "cd" => dir = dir.join(folder),
            _ => {
                run(command, &dir, &target);
            }
        }
    }
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    for line in manifest_shown.lines() {
        assert!(
            manifest.contains(line),
            "the chapter says Cargo.toml now has `{line}`; it has:\n{manifest}"
        );
    }

    // Step 5: the whole program, then the chapter's `cargo run`.
    std::fs::write(dir.join("src/main.rs"), program).unwrap();
    let [run_line] = &commands(last_console)[..] else {
        panic!("the last console block runs the program: {last_console}");
    };
    let out = run(run_line, &dir, &target);
    assert_eq!(out, printed(last_console), "what the program prints");
    std::fs::remove_dir_all(&scratch).ok();
}
