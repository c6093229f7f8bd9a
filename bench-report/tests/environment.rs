//! Where the figures came from: recorded when bench-report runs the suite, read back when it renders,
//! and never taken from the machine that renders.

mod common;

use bench_report::RunPolicy;
use bench_report::environment::{Environment, Recorded};
use serde_json::Value;

/// Facts of a machine that is certainly not this one.
fn other_machine() -> Recorded {
    Recorded {
        cpu: "Made-up CPU 9000".to_owned(),
        cores: 64,
        os: "Plan 9 from Bell Labs, Linux 0.01".to_owned(),
        rustc: "rustc 1.70.0 (90c541806 2023-05-31)".to_owned(),
        criterion: "0.8.2".to_owned(),
        started_at: "2026-11-30T08:00:00Z".to_owned(),
        commit: Some("0123456789abcdef0123456789abcdef01234567".to_owned()),
        dirty: Some(true),
        machine: Some("the CI runner".to_owned()),
    }
}

fn this_cpu() -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("model name"))?;
    Some(line.split_once(':')?.1.trim().to_owned())
}

#[test]
fn results_from_another_machine_keep_that_machines_facts() {
    let project = common::Project::made_up();
    std::fs::write(
        project.path("criterion/environment.json"),
        other_machine().to_json(),
    )
    .unwrap();
    let outcome = bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    assert!(
        outcome.report.warnings.is_empty(),
        "{:?}",
        outcome.report.warnings
    );
    let page = project.read("book/perf.md");
    for fact in [
        "- Machine: the CI runner",
        "- CPU: Made-up CPU 9000, 64 cores available",
        "- OS: Plan 9 from Bell Labs, Linux 0.01",
        "- Compiler: rustc 1.70.0 (90c541806 2023-05-31)",
        "- Harness: criterion 0.8.2",
        "- Run started: 2026-11-30T08:00:00Z",
        "- Code measured: commit 0123456789 with uncommitted changes",
    ] {
        assert!(page.contains(fact), "no `{fact}` in\n{page}");
    }
    if let Some(cpu) = this_cpu() {
        assert!(
            !page.contains(&cpu),
            "the page names this machine's CPU {cpu}"
        );
    }
    let summary: Value = serde_json::from_str(&project.read("book/perf/summary.json")).unwrap();
    let environment = &summary["environment"];
    assert_eq!(environment["cpu"], "Made-up CPU 9000");
    assert_eq!(environment["cores"], 64);
    assert_eq!(
        environment["commit"],
        "0123456789abcdef0123456789abcdef01234567"
    );
    assert_eq!(environment["dirty"], true);
    let line = environment["summary"].as_str().unwrap();
    assert!(
        line.starts_with("the CI runner: Made-up CPU 9000, 64 cores, Plan 9 from Bell Labs, rustc 1.70.0, criterion 0.8.2, 2026-11-30, commit 0123456789 with uncommitted changes: mean of"),
        "{line}"
    );
}

#[test]
fn results_without_facts_say_the_machine_was_not_recorded() {
    let project = common::Project::made_up();
    let outcome = bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    assert!(
        outcome
            .report
            .warnings
            .iter()
            .any(|w| w.contains("no environment.json") && w.contains("--machine")),
        "{:?}",
        outcome.report.warnings
    );
    let page = project.read("book/perf.md");
    assert!(page.contains("- Machine: not recorded"), "{page}");
    for guess in [
        "- CPU:",
        "- OS:",
        "- Compiler:",
        "criterion (version unknown)",
    ] {
        assert!(!page.contains(guess), "the page guesses `{guess}`");
    }
    if let Some(cpu) = this_cpu() {
        assert!(
            !page.contains(&cpu),
            "the page names this machine's CPU {cpu}"
        );
    }
    let summary: Value = serde_json::from_str(&project.read("book/perf/summary.json")).unwrap();
    assert!(summary["environment"]["cpu"].is_null());
    let line = summary["environment"]["summary"].as_str().unwrap();
    assert!(line.starts_with("machine not recorded: mean of"), "{line}");
}

#[test]
fn machine_names_results_without_facts() {
    let project = common::Project::made_up();
    let mut options = project.options(RunPolicy::Never);
    options.machine = Some("Ada's laptop".to_owned());
    bench_report::generate(&options).unwrap();
    let page = project.read("book/perf.md");
    assert!(page.contains("- Machine: Ada's laptop (as named"), "{page}");
    assert!(!page.contains("- CPU:"));
    let summary: Value = serde_json::from_str(&project.read("book/perf/summary.json")).unwrap();
    let line = summary["environment"]["summary"].as_str().unwrap();
    assert!(
        line.starts_with("Ada's laptop (details not recorded): "),
        "{line}"
    );
}

/// A page whose run command stands in for `cargo bench`, in a git repository with one commit.
fn project_that_runs(command: &str) -> common::Project {
    let page = std::fs::read_to_string(common::fixtures().join("made-up-page.toml")).unwrap();
    let project = common::Project::new(&format!(
        "{page}\n[run]\ncommand = [\"sh\", \"-c\", {command:?}]\n"
    ));
    std::fs::write(
        project.path("Cargo.lock"),
        "[[package]]\nname = \"criterion\"\nversion = \"0.8.2\"\n",
    )
    .unwrap();
    let git = |args: &[&str]| {
        let status = std::process::Command::new("git")
            .args(args)
            .current_dir(project.dir.path())
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@example.com")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@example.com")
            .status()
            .unwrap();
        assert!(status.success(), "git {args:?}");
    };
    git(&["init", "-q"]);
    git(&["add", "page.toml", "Cargo.lock"]);
    git(&["commit", "-q", "-m", "measured code"]);
    project
}

fn head(project: &common::Project) -> String {
    let output = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(project.dir.path())
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

fn git_available() -> bool {
    let found = std::process::Command::new("git")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("skipped: git is not installed, and this test records a commit");
    }
    found
}

#[test]
fn a_run_records_the_machine_the_time_and_the_commit() {
    if !git_available() {
        return;
    }
    // Stands in for `cargo bench`: the results are already there; it only has to succeed.
    let project = project_that_runs("true");
    let mut options = project.options(RunPolicy::Always);
    options.machine = Some("bench box".to_owned());
    let outcome = bench_report::generate(&options).unwrap();
    assert!(outcome.ran_benchmarks);
    let environment = Environment::read(&project.path("criterion"), None, "hint").unwrap();
    let recorded = environment.recorded.expect("the run recorded its facts");
    assert_eq!(recorded.criterion, "0.8.2");
    assert_eq!(recorded.machine.as_deref(), Some("bench box"));
    assert_eq!(recorded.commit.as_deref(), Some(head(&project).as_str()));
    // criterion/ and book/ are untracked: the measured checkout is not clean.
    assert_eq!(recorded.dirty, Some(true));
    assert!(recorded.cores >= 1);
    let started = humantime::parse_rfc3339(&recorded.started_at).unwrap();
    let age = std::time::SystemTime::now()
        .duration_since(started)
        .unwrap();
    assert!(age.as_secs() < 600, "started {age:?} ago");
    let page = project.read("book/perf.md");
    assert!(
        page.contains(&format!(
            "- Code measured: commit {}",
            &head(&project)[..10]
        )),
        "{page}"
    );
}

#[test]
fn a_failed_run_leaves_no_facts_that_would_describe_other_results() {
    if !git_available() {
        return;
    }
    let project = project_that_runs("exit 3");
    std::fs::write(
        project.path("criterion/environment.json"),
        other_machine().to_json(),
    )
    .unwrap();
    bench_report::generate(&project.options(RunPolicy::Always)).unwrap_err();
    assert!(!project.path("criterion/environment.json").exists());
}

#[test]
fn a_corrupt_environment_file_is_named() {
    let project = common::Project::made_up();
    std::fs::write(
        project.path("criterion/environment.json"),
        "{ \"version\": 1 }",
    )
    .unwrap();
    let error = bench_report::generate(&project.options(RunPolicy::Never)).unwrap_err();
    let text = error.to_string();
    assert!(
        text.contains("environment.json") && text.contains("not bench-report's environment file"),
        "{text}"
    );
    std::fs::write(
        project.path("criterion/environment.json"),
        other_machine()
            .to_json()
            .replace("\"version\": 1", "\"version\": 7"),
    )
    .unwrap();
    let text = bench_report::generate(&project.options(RunPolicy::Never))
        .unwrap_err()
        .to_string();
    assert!(text.contains("format version is 7"), "{text}");
}

#[test]
fn outside_a_git_checkout_no_commit_is_claimed() {
    let project = common::Project::made_up();
    let inside_a_checkout = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(project.dir.path())
        .output()
        .is_ok_and(|o| o.status.success());
    if inside_a_checkout {
        eprintln!("skipped: the temporary directory is inside a git checkout");
        return;
    }
    let lock = project.path("Cargo.lock");
    std::fs::write(&lock, "").unwrap();
    let recorded = Recorded::gather(&lock, project.dir.path(), None);
    assert_eq!(recorded.commit, None);
    assert_eq!(recorded.dirty, None);
    assert_eq!(recorded.criterion, "(not in Cargo.lock)");
}

/// Sets `file`'s modification time `seconds` after `environment.json`'s.
fn written_after_environment(project: &common::Project, file: &str, seconds: u64) {
    let recorded = std::fs::metadata(project.path("criterion/environment.json"))
        .unwrap()
        .modified()
        .unwrap();
    std::fs::File::options()
        .write(true)
        .open(project.path(file))
        .unwrap()
        .set_modified(recorded + std::time::Duration::from_secs(seconds))
        .unwrap();
}

#[test]
fn results_written_after_the_recorded_facts_are_refused_not_published_under_them() {
    let project = common::Project::made_up();
    std::fs::write(
        project.path("criterion/environment.json"),
        other_machine().to_json(),
    )
    .unwrap();
    // A later plain `cargo bench` replaced one result: the facts describe the earlier run.
    written_after_environment(
        &project,
        "criterion/parse/tinyjson 2.x_1 KiB/new/benchmark.json",
        60,
    );
    let error = bench_report::generate(&project.options(RunPolicy::Never))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("environment.json was recorded at")
            && error.contains("the result of `parse/tinyjson 2.x/1 KiB` was written at")
            && error.contains("bench-report --rerun")
            && error.contains("bench-report record"),
        "{error}"
    );
    assert!(!project.path("book").exists(), "nothing may be written");
}

fn bench_report(args: &[&str], cwd: &std::path::Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_bench-report"))
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap()
}

#[test]
fn record_writes_the_facts_of_a_baseline_and_compare_shows_both_sides() {
    let scratch = tempfile::tempdir().unwrap();
    let criterion = scratch.path().join("criterion");
    common::copy_dir(&common::fixtures().join("compare-0.8.2"), &criterion);
    let dir = criterion.to_str().unwrap();
    let recorded = bench_report(
        &[
            "record",
            "--baseline",
            "a1",
            "--criterion-dir",
            dir,
            "--machine",
            "laptop",
        ],
        scratch.path(),
    );
    assert!(recorded.status.success(), "{recorded:?}");
    let facts: Value = serde_json::from_str(
        &std::fs::read_to_string(criterion.join("environment-a1.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(facts["recorded"]["machine"], "laptop");
    let compared = bench_report(
        &["compare", "a1", "a2", "--criterion-dir", dir],
        scratch.path(),
    );
    assert!(compared.status.success());
    let markdown = String::from_utf8(compared.stdout).unwrap();
    assert!(markdown.contains("- `a1`: laptop: "), "{markdown}");
    assert!(
        markdown.contains("- `a2`: machine not recorded"),
        "{markdown}"
    );
    // A later run saved under the same name makes the recorded facts another run's.
    let file = criterion.join("spin/100 rounds/a1/benchmark.json");
    let later = std::fs::metadata(criterion.join("environment-a1.json"))
        .unwrap()
        .modified()
        .unwrap()
        + std::time::Duration::from_secs(60);
    std::fs::File::options()
        .write(true)
        .open(&file)
        .unwrap()
        .set_modified(later)
        .unwrap();
    let compared = bench_report(
        &["compare", "a1", "a2", "--criterion-dir", dir],
        scratch.path(),
    );
    let markdown = String::from_utf8(compared.stdout).unwrap();
    assert!(
        markdown.contains("**warning:**") && markdown.contains("`spin/100 rounds`"),
        "{markdown}"
    );
    // A run that does not exist is refused, naming those that do.
    let missing = bench_report(
        &["record", "--baseline", "a9", "--criterion-dir", dir],
        scratch.path(),
    );
    assert_eq!(missing.status.code(), Some(1));
    let stderr = String::from_utf8(missing.stderr).unwrap();
    assert!(
        stderr.contains("no results of run `a9`") && stderr.contains("a1, a2"),
        "{stderr}"
    );
}
