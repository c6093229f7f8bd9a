//! The migration guide shows `migrate` at work: its diff and its report must be what the tool prints.

use migrate::report::Format;
use migrate::run::{Mode, Options, Status, run};
use std::path::{Path, PathBuf};

/// A 2.x crate's manifest, as `migrate` finds it beside the sources.
const MANIFEST: &str = "[package]\nname = \"example\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nworkerpool = \"2.1\"\n";

/// What `migrate --diff` printed, on stdout and stderr, for one v2 `main.rs`.
struct DryRun {
    diff: String,
    report: String,
}

/// What one run of `migrate` printed, with the paths written relative to the crate.
struct Printed {
    status: Status,
    out: String,
    err: String,
}

/// Runs `migrate` as `options` say (its paths replaced by the crate's `src/`) on a crate of `manifest` and
/// `main_rs`, in a folder of its own.
fn run_on(name: &str, manifest: &str, main_rs: &str, options: Options) -> Printed {
    let dir = std::env::temp_dir().join(format!("workerpool-book-{}-{name}", std::process::id()));
    std::fs::create_dir_all(dir.join("src")).expect("the temporary folder can be made");
    std::fs::write(dir.join("Cargo.toml"), manifest).expect("the manifest can be written");
    std::fs::write(dir.join("src/main.rs"), main_rs).expect("main.rs can be written");
    offline_workerpool(&dir);
    let options = Options {
        paths: vec![dir.join("src")],
        ..options
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run(&options, &mut out, &mut err);
    std::fs::remove_dir_all(&dir).expect("the temporary folder can be removed");
    let text = |bytes: Vec<u8>| relative(&String::from_utf8(bytes).expect("UTF-8 output"), &dir);
    Printed {
        status,
        out: text(out),
        err: text(err),
    }
}

/// Writes `dir/.cargo/config.toml` from migrate's tests' (`migrate/tests/v2-shim/config.toml`): offline,
/// `workerpool = "2.1"` is their copy of the 2.x API and "3" the workspace's library.
fn offline_workerpool(dir: &Path) {
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let shim = workspace.join("migrate/tests/v2-shim");
    let config = std::fs::read_to_string(shim.join("config.toml"))
        .expect("the tests' cargo config is readable")
        .replace("{shim}", &shim.display().to_string())
        .replace(
            "{library}",
            &workspace.join("workerpool").display().to_string(),
        )
        .replace("{package}", migrate::manifest::PACKAGE.name())
        + &format!(
            "\n[build]\ntarget-dir = {:?}\n",
            workspace.join("target/migrate-fixture-crate/book")
        );
    std::fs::create_dir_all(dir.join(".cargo")).expect("the config folder can be made");
    std::fs::write(dir.join(".cargo/config.toml"), config).expect("the config can be written");
    std::fs::copy(workspace.join("Cargo.lock"), dir.join("Cargo.lock"))
        .expect("the lock file can be copied");
}

/// Runs `migrate --diff src/` on a crate of `MANIFEST` and `main_rs`.
fn dry_run(name: &str, main_rs: &str) -> DryRun {
    let options = Options {
        mode: Mode::Diff,
        ..Options::default()
    };
    let printed = run_on(name, MANIFEST, main_rs, options);
    assert_eq!(
        printed.status,
        Status::Done,
        "migrate --diff failed:\n{}",
        printed.err
    );
    DryRun {
        diff: printed.out,
        report: printed.err,
    }
}

/// `text` with the paths under `dir` written relative to it, as a run from inside `dir` prints them.
fn relative(text: &str, dir: &Path) -> String {
    text.replace(&format!("{}/", dir.display()), "")
}

/// The code block of `language` that comes `nth` in the migration guide.
fn block(language: &str, nth: usize) -> String {
    let guide =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/upgrading.md"))
            .expect("src/upgrading.md is readable");
    let fence = format!("```{language}\n");
    let start = guide
        .match_indices(&fence)
        .nth(nth)
        .map(|(i, _)| i + fence.len());
    let start = start.unwrap_or_else(|| panic!("upgrading.md has no {nth}th `{language}` block"));
    let len = guide[start..].find("```").expect("the block is closed");
    guide[start..start + len].to_owned()
}

/// The hunks of the file diff in `diff` whose header names `file`: from its first `@@` to the next header.
fn hunks<'a>(diff: &'a str, file: &str) -> &'a str {
    let header = diff
        .find(&format!("{file}\n"))
        .unwrap_or_else(|| panic!("no diff of {file}"));
    let start = header
        + diff[header..]
            .find("@@")
            .expect("a hunk follows the header");
    let end = diff[start..]
        .find("\n--- ")
        .map_or(diff.len(), |e| start + e + 1);
    &diff[start..end]
}

#[test]
fn the_guide_shows_the_diff_migrate_prints() {
    let run = dry_run("diff", include_str!("migrate-example/thumbnails.rs"));
    let shown = block("diff", 0);
    assert_eq!(
        hunks(&shown, "src/main.rs"),
        hunks(&run.diff, "src/main.rs")
    );
    // The guide's sentence quotes the line migrate writes (with `package = ".."` once the library is published
    // under another name than `workerpool`).
    let guide =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/upgrading.md"))
            .expect("src/upgrading.md is readable")
            .replace('\n', " ");
    let said = "The diff goes on with `Cargo.toml`, where `workerpool = \"2.1\"` becomes `";
    let start = guide
        .find(said)
        .expect("the guide says what the requirement becomes")
        + said.len();
    let becomes = &guide[start..start + guide[start..].find('`').expect("a closed quote")];
    assert!(
        hunks(&run.diff, "Cargo.toml").contains(&format!("-workerpool = \"2.1\"\n+{becomes}\n")),
        "the guide says Cargo.toml's requirement becomes `{becomes}`:\n{}",
        run.diff
    );
}

#[test]
fn the_guide_shows_the_report_migrate_prints() {
    let run = dry_run("report", include_str!("migrate-example/not_ready.rs"));
    let shown = block("text", 1);
    let printed: Vec<&str> = run.report.lines().take(shown.lines().count()).collect();
    assert_eq!(
        shown.lines().collect::<Vec<_>>(),
        printed,
        "the whole report:\n{}",
        run.report
    );
}

#[test]
fn the_guide_shows_the_json_report_migrate_prints() {
    let options = Options {
        mode: Mode::Check,
        format: Format::Json,
        ..Options::default()
    };
    let printed = run_on(
        "json",
        MANIFEST,
        include_str!("migrate-example/not_ready.rs"),
        options,
    );
    assert_eq!(printed.status, Status::WouldChange, "{}", printed.err);
    // The third `text` block: after the verify report and the text report.
    assert_eq!(block("text", 2), printed.out);
}

#[test]
fn the_guide_shows_the_report_of_a_bisecting_verify() {
    // The crate builds offline, before migration and after: migrate's tests' cargo config points "2.1" at their
    // copy of the 2.x API and "3" at the workspace's library, so that it checks the result, as by default.
    let options = Options {
        allow_dirty: true,
        ..Options::default()
    };
    let main_rs = include_str!("migrate-example/one_breaks.rs");
    let printed = run_on("verify", MANIFEST, main_rs, options);
    assert_eq!(printed.status, Status::Done, "{}", printed.err);
    let shown = block("text", 0);
    // The progress lines say how long each check took, which differs from run to run: the guide shows them apart.
    let (progress, report): (Vec<&str>, Vec<&str>) = printed
        .err
        .lines()
        .partition(|l| l.starts_with("checking "));
    assert_eq!(progress.len(), 4, "{}", printed.err);
    let report: Vec<&str> = report.into_iter().take(shown.lines().count()).collect();
    assert_eq!(shown.lines().collect::<Vec<_>>(), report);
}

/// The examples' v2 programs, compiled against `workerpool::v2` and run, as 2.x ran them.
#[allow(deprecated)]
mod thumbnails {
    use ::workerpool::v2 as workerpool;
    include!("migrate-example/thumbnails.rs");

    #[test]
    fn the_diff_example_runs_on_workerpool_v2() {
        main().expect("the v2 example runs");
    }
}

// `main` and `sizes` are there for the tool to read; only `lengths` runs (2.x fails `sizes`' u32 job at run time).
#[allow(deprecated, dead_code)]
mod one_breaks {
    use ::workerpool::v2 as workerpool;
    include!("migrate-example/one_breaks.rs");

    #[test]
    fn the_verify_example_runs_on_workerpool_v2() {
        assert_eq!(lengths(), 3);
    }
}

#[allow(deprecated)]
mod not_ready {
    use ::workerpool::v2 as workerpool;
    include!("migrate-example/not_ready.rs");

    #[test]
    fn the_report_example_runs_on_workerpool_v2() {
        main();
    }
}
